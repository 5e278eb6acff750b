import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';

/** One tab of the tab list. */
export interface TabItem {
  readonly id: string;
  readonly label: string;
}

/** Props of Tabs. */
export interface TabsProps {
  readonly label: string;
  readonly items: readonly TabItem[];
  readonly selected: string;
  onSelect(id: string): void;
  readonly children: ComponentChildren;
}

/**
 * WAI-ARIA tabs with automatic activation: one tab stop (roving tabindex), arrows move and select,
 * Home/End jump. Each tab carries `data-channel` so tests and integrators can find it.
 */
export function Tabs({ label, items, selected, onSelect, children }: TabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const i = items.findIndex((t) => t.id === selected);
    const n = items.length;
    const next = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? (i + 1) % n : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? (i - 1 + n) % n : e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : -1;
    if (next < 0) return;
    e.preventDefault();
    const id = items[next]!.id;
    onSelect(id);
    list.current?.querySelector<HTMLElement>(`[data-channel="${id}"]`)?.focus();
  };
  return (
    <div class="tender-tabs">
      {items.length > 1 && (
        <div role="tablist" aria-label={label} class="tender-tablist" ref={list} onKeyDown={onKeyDown}>
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
      <div role={items.length > 1 ? 'tabpanel' : undefined} id="tender-panel" aria-labelledby={items.length > 1 ? `tender-tab-${selected}` : undefined} class="tender-panel">
        {children}
      </div>
    </div>
  );
}
