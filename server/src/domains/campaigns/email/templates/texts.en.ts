import type { FooterCopy, TemplateTexts } from './template-copy.ts';

export const FOOTER_EN: FooterCopy = {
  why: 'You receive this email because you joined the Wi-Fi at {{site_name}} and agreed to hear from us.',
};

export const TEXTS_EN: TemplateTexts = {
  welcome: {
    name: 'Welcome',
    description: 'Thank new guests for joining and invite them back.',
    subject: 'Welcome to {{site_name}}, {{first_name}}!',
    kicker: 'Glad you are here',
    headline: 'Welcome, {{first_name}}!',
    paragraphs: [
      'Thanks for connecting to our Wi-Fi. We hope you enjoyed your time at {{site_name}}.',
      'From now on you will be the first to hear about our news, events and offers for guests.',
    ],
    button: 'Discover what is on',
    signature: 'See you soon,\nThe {{site_name}} team',
  },
  come_back: {
    name: 'Come back',
    description: 'Bring back guests you have not seen for a while.',
    subject: 'We miss you at {{site_name}}',
    kicker: 'It has been a while',
    headline: 'We miss you, {{first_name}}',
    paragraphs: [
      'Your last visit to {{site_name}} was on {{last_visit}}, and things have changed since then.',
      'Come and see what is new: your table, and the Wi-Fi, are ready for you.',
    ],
    highlight: { label: 'Visits so far', value: '{{visits}}' },
    button: 'Plan your next visit',
    signature: 'Hope to see you soon,\nThe {{site_name}} team',
  },
  birthday: {
    name: 'Birthday',
    description: 'Wish guests a happy birthday with a small gift.',
    subject: 'Happy birthday, {{first_name}}! 🎂',
    kicker: 'Today is your day',
    headline: 'Happy birthday, {{first_name}}!',
    paragraphs: [
      'Everyone at {{site_name}} wishes you a wonderful day.',
      'To celebrate, your next visit comes with a treat from us. Show this email when you come in.',
    ],
    highlight: { label: 'Your birthday gift', value: 'A free dessert' },
    button: 'Claim your gift',
    signature: 'Cheers,\nThe {{site_name}} team',
  },
  event: {
    name: 'Event',
    description: 'Invite guests to an event at your venue.',
    subject: 'You are invited: a special night at {{site_name}}',
    kicker: 'Save the date',
    headline: 'Join us for a special night',
    paragraphs: [
      'Hi {{first_name}}, we are hosting an evening of live music, good food and great company at {{site_name}}.',
      'Places are limited, so let us know you are coming.',
    ],
    highlight: { label: 'When and where', value: 'Friday, 8 pm · {{site_name}}' },
    button: 'Reserve your place',
    signature: 'See you there,\nThe {{site_name}} team',
  },
  offer: {
    name: 'Offer',
    description: 'Share a discount or a limited-time offer.',
    subject: '{{first_name}}, 20% off for you this week',
    kicker: 'Only for our Wi-Fi guests',
    headline: '20% off your next visit',
    paragraphs: [
      'Hi {{first_name}}, as a thank you for visiting {{site_name}}, enjoy 20% off your next visit this week.',
      'Show the code below at the counter. One use per guest.',
    ],
    highlight: { label: 'Your code', value: 'WIFI20' },
    button: 'See the offer',
    signature: 'Enjoy,\nThe {{site_name}} team',
  },
  newsletter: {
    name: 'Newsletter',
    description: 'Keep guests up to date with your news.',
    subject: 'News from {{site_name}}',
    kicker: 'This month',
    headline: 'What is new at {{site_name}}',
    paragraphs: ['Hi {{first_name}}, here is what has been happening and what is coming up.'],
    cards: [
      { title: 'New menu', text: 'Seasonal dishes made with local produce.' },
      { title: 'Longer hours', text: 'We now stay open until midnight on weekends.' },
      { title: 'Faster Wi-Fi', text: 'More speed for work, streaming and video calls.' },
    ],
    button: 'Read more',
    signature: 'Thanks for reading,\nThe {{site_name}} team',
  },
};
