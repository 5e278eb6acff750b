import type { ComponentChildren } from 'preact';

/** One tab of the tab list. */
interface TabItem {
  readonly id: string;
  readonly label: string;
}

/** Props of Tabs. */
export interface TabsProps {
  readonly label: string;
  readonly items: readonly TabItem[];
  readonly selected: string;
  /** False when the selection did not change (the owner refused, or asks first): focus then stays where it is. */
  onSelect(id: string): boolean;
  readonly children: ComponentChildren;
}

/**
 * WAI-ARIA tabs with automatic activation: one tab stop (roving tabindex), arrows move and select,
 * Home/End jump. Each tab carries `data-channel` so tests and integrators can find it.
 */
export function Tabs({ label, items, selected, onSelect, children }: TabsProps) {
  const n = items.length;
  const many = n > 1;
  const onKeyDown = (e: KeyboardEvent) => {
    const i = items.findIndex((t) => t.id === selected);
    // How far to move (modulo n) for each key of the pattern.
    const by = ({ ArrowRight: 1, ArrowDown: 1, ArrowLeft: n - 1, ArrowUp: n - 1, Home: n - i, End: n - 1 - i } as Record<string, number>)[e.key];
    if (by === undefined) return;
    e.preventDefault();
    const id = items[(i + by) % n]!.id;
    // Focus follows the selection only: a refused move (a step that asks before leaving) leaves it on the selected tab,
    // where a confirmation's Stay brings it back.
    if (onSelect(id) !== false) document.getElementById(`tender-tab-${id}`)?.focus();
  };
  return (
    <div class="tender-tabs">
      {many && (
        <div role="tablist" aria-label={label} class="tender-tablist" onKeyDown={onKeyDown}>
          {items.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`tender-tab-${t.id}`}
              data-channel={t.id}
              aria-selected={t.id === selected}
              aria-controls="tender-panel"
              tabIndex={t.id === selected ? 0 : -1}
              class="tender-tab"
              onClick={() => onSelect(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
      )}
      {many ? (
        <div role="tabpanel" id="tender-panel" aria-labelledby={`tender-tab-${selected}`} class="tender-panel">
          {children}
        </div>
      ) : (
        <div id="tender-panel" class="tender-panel">
          {children}
        </div>
      )}
    </div>
  );
}
