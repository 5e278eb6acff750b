// The sandbox as a merchant's tests use it (`tender-checkout/sandbox`), for what the re-check trial found.
import { describe, expect, it } from 'vitest';
import { startSandbox } from './package';

describe('tender-checkout/sandbox', () => {
  it('refuses at start what would make every call a puzzle: an empty key, a hang card that never answers', async () => {
    await expect(startSandbox({ apiKey: '' })).rejects.toThrow('sandbox: apiKey must be a non-empty string (or left out for sk_test_sandbox), received ""');
    await expect(startSandbox({ hangMs: null as never })).rejects.toThrow(/hangMs must be a number of milliseconds/);
  });

  it('closes once however often asked, and says so to a call made after', async () => {
    const sandbox = await startSandbox();
    await sandbox.close();
    await sandbox.close();
    await expect(sandbox.complete('TND-1')).rejects.toThrow('sandbox: complete TND-1: the sandbox is closed');
  });

  it('says why a payment cannot end as asked', async () => {
    const sandbox = await startSandbox();
    try {
      await expect(sandbox.complete('TND-NOPE')).rejects.toThrow(/^sandbox: complete TND-NOPE: /);
    } finally {
      await sandbox.close();
    }
  });
});
