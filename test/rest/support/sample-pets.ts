import type { Pet, PetStatus } from '../../../src-shared/schemas/pet';
import type { HttpSuite } from './http-suite';

/**
 * A small catalogue with known names (mixed case, a shared "rex"), statuses and two categories,
 * created over HTTP in this order: what the list tests page, sort and filter.
 */
export async function addSamplePets(s: HttpSuite): Promise<{ dogs: number; cats: number; pets: Pet[] }> {
  const dogs = (await s.category({ name: 'Dogs' })).id;
  const cats = (await s.category({ name: 'Cats' })).id;
  const rows: [string, number, PetStatus][] = [
    ['Rex', dogs, 'available'],
    ['T-REX junior', dogs, 'pending'],
    ['Bella', dogs, 'sold'],
    ['Whiskers', cats, 'available'],
    ['Alfie', cats, 'pending'],
    ['rexanne', cats, 'available'],
    ['Zed', dogs, 'sold'],
  ];
  const pets: Pet[] = [];
  for (const [name, categoryId, status] of rows) pets.push(await s.pet({ name, categoryId, status }));
  return { dogs, cats, pets };
}
