/** A decorative spinner; the text next to it carries the meaning. */
export function Spinner() {
  return <span class="tender-spinner" aria-hidden="true" />;
}
