import { defineConfig } from 'vitest/config';

// Three projects: plain unit tests (node), component tests (*.test.tsx in happy-dom), and end-to-end
// tests that start the real servers on loopback and drive Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.ts', 'widget/**/*.test.ts', 'demo/**/*.test.ts', 'scripts/**/*.test.ts', 'test/unit/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          setupFiles: ['test/support/text.ts'],
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.tsx', 'widget/**/*.test.tsx', 'demo/**/*.test.tsx'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          // After the unit and component tests, so browsers do not compete with them for the two cores.
          sequence: { groupOrder: 1 },
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file launches its own Chromium; two cores do not take more than two at once.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'consumer',
          environment: 'node',
          // Last: they pack dist/ as built, and install it once (setup.ts) into a scratch project all of them share.
          sequence: { groupOrder: 2 },
          include: ['test/consumer/**/*.test.ts'],
          globalSetup: ['test/consumer/setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
