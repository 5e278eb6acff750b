/** The steps the card's bank may ask for after the form: PIN and one-time code. */
export default {
  pinTitle: 'Enter your card PIN',
  pinHint: 'Your bank asks for the 4-digit PIN of this card.',
  pinLabel: 'Card PIN',
  pinInvalid: 'The PIN is 4 digits.',
  otpTitle: 'Enter the code your bank sent',
  otpHint: 'Your bank sent a one-time code by SMS or email.',
  otpLabel: 'One-time code',
  otpInvalid: 'The code is 4 to 8 digits.',
  continue: 'Continue',
  useAnotherCard: 'Use another card',
  lastTry: '1 try left: a wrong code now ends this payment.',
  resend: 'Send a new code',
  resendIn: 'Send a new code in {time}',
  resent: 'Your bank is sending a new code. Enter the newest one.',
  pinWrong: 'That PIN is not correct. Try again.',
  pinTries:
    'The PIN was wrong too many times, so we stopped before your bank blocks the card. Nothing was charged: check the PIN, or use another card or another way to pay.',
  otpWrong: 'That code is not correct. Try again.',
};
