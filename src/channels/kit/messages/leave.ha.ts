/** Leaving a step the bank waits on (a PIN, a one-time code): the payer confirms first. */
export default {
  title: 'Ku bar wannan mataki?',
  text: 'Bankinku yana jiran wannan mataki. Idan kuka fita, wannan biyan kuɗi zai tsaya a nan, za ku sake farawa.',
  leave: 'Fita',
  stay: 'Zauna',
  // Closing while a payment is in progress (a call in flight, confirming, leaving for another page).
  closeTitle: 'Rufe wurin biya?',
  closeText: 'Ana tsakiyar biyan kuɗi. Idan kun rufe, zai ci gaba, kuma za a sanar da ku sakamakon.',
  close: 'Rufe',
  // Another way to pay while a code to dial or an account to pay is shown, which the payer may have used already.
  switchTitle: 'Ku biya ta wata hanya?',
  switchText:
    'Idan kun riga kun buga lambar ko kun tura kuɗin, ku zauna a nan: muna dubawa. Idan kuka biya ta wata hanya kuma, za a iya cire muku kuɗi sau biyu.',
  switch: 'Biya ta wata hanya',
};
