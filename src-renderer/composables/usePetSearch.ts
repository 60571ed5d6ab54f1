import { useMessage } from 'naive-ui';
import { ref } from 'vue';
import { nameContains } from '../../src-shared/name-keys';
import type { EventOf } from '../../src-shared/schemas/event';
import type { Pet } from '../../src-shared/schemas/pet';
import { searchPets, type PetChoice } from '../stores/pet-lookup';

/** How long typing pauses before the pets are searched. */
const SEARCH_DELAY_MS = 150;

/** Whether a pet offered still matches what is typed: its name contains it, or it is its id. */
const matches = (pet: Pet, text: string) => nameContains(pet.name, text) || String(pet.id) === text.trim();

/**
 * A pet picker's search on the server (Place order's Pet, the Orders screen's pet filter): what
 * the clerk types is searched a moment after the last key, by name or by id, with each pet's stock.
 * The choices that no longer match go at once, so Enter never picks a stale one, and an answer
 * overtaken by a later search is dropped. A failed search is said in a toast.
 */
export function usePetSearch({ availableOnly = false } = {}) {
  const message = useMessage();
  /** The pets offered, with their stock. */
  const choices = ref<PetChoice[]>([]);
  const searching = ref(false);
  /** What the clerk has typed in the picker. */
  const text = ref('');
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;

  /** The picker's `@search`: what is typed, searched once typing pauses. */
  function onSearch(typed: string): void {
    text.value = typed;
    choices.value = choices.value.filter((choice) => matches(choice.pet, typed));
    clearTimeout(timer);
    timer = setTimeout(() => void search(typed), SEARCH_DELAY_MS);
  }

  /** Searches at once (`''`: every pet, by name). */
  async function search(typed: string): Promise<void> {
    const mine = ++generation;
    searching.value = true;
    try {
      const found = await searchPets(typed, { availableOnly });
      if (mine === generation) choices.value = found;
    } catch (error) {
      message.error(error instanceof Error ? error.message : 'The pets could not be searched');
    } finally {
      if (mine === generation) searching.value = false;
    }
  }

  /** Keeps the choices' names and stock as they are now: renamed, restocked or deleted elsewhere. */
  function follow(event: EventOf<'inventory.updated' | 'pet.updated' | 'pet.deleted'>): void {
    if (event.type === 'inventory.updated') {
      const { petId, quantity } = event.data;
      choices.value = choices.value.map((choice) => (choice.pet.id === petId ? { ...choice, stock: quantity } : choice));
    } else if (event.type === 'pet.deleted') {
      choices.value = choices.value.filter((choice) => choice.pet.id !== event.data.id);
    } else {
      const updated = event.data;
      choices.value = choices.value.map((choice) => (choice.pet.id === updated.id ? { ...choice, pet: updated } : choice));
    }
  }

  return { choices, searching, text, onSearch, search, follow };
}

/** A pet picker's search, as `usePetSearch` makes it. */
export type PetSearch = ReturnType<typeof usePetSearch>;
