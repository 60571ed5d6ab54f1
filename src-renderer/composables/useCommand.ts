import { onBeforeUnmount, onMounted } from 'vue';
import type { CommandName } from '../../src-shared/commands';
import { useCommandsStore } from '../stores/commands';

/** What `name` does while the calling component is on screen (a shortcut, a menu item). */
export function useCommand(name: CommandName, handler: () => void): void {
  const commands = useCommandsStore();
  let unregister: (() => void) | undefined;
  onMounted(() => (unregister = commands.handle(name, handler)));
  onBeforeUnmount(() => unregister?.());
}
