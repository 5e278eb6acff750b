// Component tests render with the real catalogs: every locale's strings, read from their sources as the build
// reads them (scripts/text.ts), English shown.
import { beforeAll } from 'vitest';
import { collectText } from '../../scripts/text';
import { showLocale } from '../../src/i18n/text';
import { loadLocale, setTextSource } from '../../src/i18n/catalogs';

beforeAll(async () => {
  const catalogs = await collectText();
  setTextSource(async (l) => catalogs.get(l)!);
  await loadLocale('en');
  showLocale('en');
});
