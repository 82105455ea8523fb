// Mantine's floating parts (menus, tooltips, confirmation modals): with
// floating-ui about half of the shell's code, none of it drawn before a
// pointer or key asks for it. Loaded by deferredOverlays; their style sheets
// come with the shell (app/shell/MainLayout).

export { Menu, Tooltip } from '@mantine/core';
export { AskDialog } from './AskDialog';
