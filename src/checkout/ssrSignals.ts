// `@preact/signals` for the server's bundle (scripts/build.ts aliases it here). The browser package hooks into
// Preact so components re-render; on the server that hook would subscribe every rendered component to the signals
// it read and, with nothing ever unmounted, module-level signals would keep each of them alive. Server renders
// happen once, so plain signals are all they need.
import { signal } from '@preact/signals-core';

export { batch, computed, effect, signal, Signal, type ReadonlySignal } from '@preact/signals-core';

/** A signal for one server render (there is no component instance to keep it on). */
export const useSignal = <T>(value: T) => signal(value);
