/**
 * Keeps focus in the page when a press replaces its own screen ("Try another way", "Leave", "I've sent the money"):
 * the pressed control leaves the page with its screen and focus falls to <body>, so a screen reader says nothing and
 * a keyboard payer starts again from the top. After each change to the page's tree (the new screen, or a lazy part
 * of it, coming in), while the control last focused is gone and nothing else has focus, the new screen's heading takes
 * it, else the choice already made in it (the bank chosen, where a keyboard enters a radio group; the search would open
 * a phone's keyboard), else its first field. A control still in the page (a click beside it) is left as it is.
 * Installed with the session, not in the first bundle: nothing has been pressed before it loads.
 */
export function keepFocus(root: Element): void {
  let last: Element | undefined;
  root.addEventListener('focusin', (e) => {
    last = e.target as Element;
  });
  new MutationObserver(() => {
    if (last && !last.isConnected && document.activeElement === document.body)
      (
        root.querySelector<HTMLElement>('h2[tabindex="-1"]') ??
        root.querySelector<HTMLElement>('#tender-panel input:checked') ??
        root.querySelector<HTMLElement>('#tender-panel input, #tender-panel button')
      )?.focus();
  }).observe(root, { childList: true, subtree: true });
}

/**
 * Keeps the field being typed into in view when the viewport changes under it: a phone turned from portrait to
 * landscape left a one-time-code field below a 320 px view, focused, typed into and out of sight.
 */
export function keepFieldInView(): void {
  addEventListener('resize', () => {
    const field = document.activeElement;
    if (!(field instanceof HTMLInputElement)) return;
    const box = field.getBoundingClientRect();
    // Centred rather than at the edge: its label above it and what follows in view too (at the edge, a fraction of a
    // pixel cut its border off).
    if (box.top < 0 || box.bottom > innerHeight) field.scrollIntoView({ block: 'center' });
  });
}
