/**
 * The promise rejections Node reports as unhandled while `run` runs, and in the few timer turns after it, once the
 * microtasks have run out (when Node reports them).
 */
export async function unhandledRejectionsOf(run: () => Promise<void>): Promise<unknown[]> {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    await run();
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
  return unhandled;
}
