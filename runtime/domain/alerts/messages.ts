// What the shopper reads about their alerts: the stop page, the account page and the API's errors.
export const ALERT_MESSAGES = {
  stopped: 'This alert is stopped. You will get no more emails about it.',
  badLink: 'This link is not valid. Sign in to your account to change your alerts.',
  unavailable: 'Alerts are not available just now. Please try again later.',
  signedOut: 'Sign in to change your alerts.',
  badAlert: 'Choose one of your alerts.',
  badFrequency: (choices: string[]) => `Choose how often to be emailed: ${choices.join(', ')}.`,
  bounced: (email: string) =>
    `Our emails to ${email} could not be delivered, so your alerts are paused. Check the address in your details, then choose how often to be emailed below to start them again.`,
  resumed: (email: string) => `Alerts to ${email} start again.`,
} as const;
