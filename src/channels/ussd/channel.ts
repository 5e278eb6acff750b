import { defineChannel } from '../kit/channel';
import type { UssdInstructions } from './instructions';
import { ussdText } from './text';

/** USSD: pick a bank, dial the code; the checkout verifies meanwhile. Loaded when the tab first shows. */
export const ussdChannel = defineChannel<'ussd', UssdInstructions>({
  id: 'ussd',
  text: ussdText,
  tab: 'tab',
  routes: ['ussdBanks', 'ussdPayment'],
  load: () => import('./UssdView').then((m) => m.default),
  resume: () => import('./instructions').then((m) => m.ussdResume),
});
