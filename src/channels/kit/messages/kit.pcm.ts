/** What every channel may say: a call in flight, and why a call did not go through. */
export default {
  processing: 'E dey process…',
  errOffline: 'You no get network. We no collect any money: connect to internet, then try again.',
  errNetwork: 'We no fit reach di payment server. Check your network and try again.',
  errTimeout: 'Di payment server take too long to answer.',
  errInvalid: 'Di payment server send answer wey we no understand.',
  errDeclined: 'Dem decline di payment.',
  serviceSaid: 'Wetin di payment service talk: “{reason}”',
  errRateLimited: 'Too many request dey now: we no collect any money. Abeg wait small, then try again.',
  errPaused: 'Payment don pause small. We no collect any money: abeg wait small, then try again.',
  errConfig: 'Dem no set dis checkout well. Abeg contact di seller.',
  errBadRequest: 'Dem no accept some of di details. Check dem well and try again.',
  errUpstream: 'Di payment service no dey answer. Abeg try again soon.',
  errRedirect: 'We no fit carry you go di payment page safely.',
};
