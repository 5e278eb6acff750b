/** The steps the card's bank may ask for after the form: PIN and one-time code. */
export default {
  pinTitle: 'Ku shigar da PIN na katinku',
  pinHint: 'Bankinku yana neman PIN mai lambobi 4 na wannan katin.',
  pinLabel: 'PIN na kati',
  pinInvalid: 'PIN lambobi 4 ne.',
  otpTitle: 'Ku shigar da lambar da bankinku ya aiko',
  otpHint: 'Bankinku ya aiko muku da lambar amfani sau ɗaya ta SMS ko imel.',
  otpLabel: 'Lambar amfani sau ɗaya',
  otpInvalid: 'Lambar tana da lambobi 4 zuwa 8.',
  continue: 'Ci gaba',
  useAnotherCard: 'Yi amfani da wani kati',
  lastTry: 'Sauran gwaji 1: lambar da ba daidai ba yanzu za ta kawo ƙarshen wannan biyan kuɗi.',
  resend: 'Aika sabuwar lamba',
  resendIn: 'Saura {time} kafin ku iya neman sabuwar lamba',
  resent: 'Bankinku yana aiko da sabuwar lamba. Ku shigar da ta ƙarshe.',
  pinWrong: 'Wannan PIN ɗin ba daidai ba ne. Ku sake gwadawa.',
  pinTries:
    'An shigar da PIN ba daidai ba sau da yawa, don haka mun tsaya kafin bankinku ya toshe katin. Ba a cire muku kuɗi ba: ku duba PIN ɗin, ko ku yi amfani da wani kati ko wata hanyar biya.',
  otpWrong: 'Wannan lambar ba daidai ba ce. Ku sake gwadawa.',
};
