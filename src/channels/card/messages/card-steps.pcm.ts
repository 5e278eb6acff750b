/** The steps the card's bank may ask for after the form: PIN and one-time code. */
export default {
  pinTitle: 'Put your card PIN',
  pinHint: 'Your bank wan make you put di 4-digit PIN for dis card.',
  pinLabel: 'Your card PIN',
  pinInvalid: 'Di PIN na 4 numbers.',
  otpTitle: 'Put di code wey your bank send',
  otpHint: 'Your bank don send you OTP by SMS or email.',
  otpLabel: 'OTP code',
  otpInvalid: 'Di code na 4 to 8 numbers.',
  continue: 'Continue',
  useAnotherCard: 'Use anoda card',
  lastTry: '1 try remain: if you put wrong code now, dis payment go end.',
  resend: 'Send new code',
  resendIn: 'E remain {time} before you fit ask for new code',
  resent: 'Your bank dey send new code. Put di newest one.',
  pinWrong: 'Dat PIN no correct. Try again.',
  pinTries:
    'You don put wrong PIN too many times, so we stop make your bank no block di card. We no collect any money: check di PIN, or use anoda card or pay anoda way.',
  otpWrong: 'Dat code no correct. Try again.',
};
