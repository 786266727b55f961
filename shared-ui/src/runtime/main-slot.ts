/**
 * The element an app renders its page into: its own child of the shell's #oa-main grid cell,
 * so apps never share a React root container whatever order they mount in. Standalone (no shell
 * page) the slot goes to <body>.
 */
export function mainSlot(appName: string): HTMLElement {
  const id = `oa-slot-${appName}`;
  const existing = document.getElementById(id);
  if (existing) return existing;
  const slot = document.createElement('div');
  slot.id = id;
  slot.className = 'oa-slot';
  (document.getElementById('oa-main') ?? document.body).appendChild(slot);
  return slot;
}
