import type { CampaignTemplateId } from '@splashboard/contract';

/** The words of one gallery template in one language; `{{...}}` are merge fields. */
export interface TemplateCopy {
  name: string;
  description: string;
  subject: string;
  /** The small line above the headline. */
  kicker: string;
  headline: string;
  paragraphs: string[];
  /** A boxed detail (an offer's code, an event's date and place). */
  highlight?: { label: string; value: string };
  /** Short items side by side (a newsletter's news). */
  cards?: { title: string; text: string }[];
  button: string;
  signature: string;
}

export type TemplateTexts = Record<CampaignTemplateId, TemplateCopy>;

/** The footer every template ends with, per language. */
export interface FooterCopy {
  why: string;
}

/** A template's colours: the page behind, the headline block, the button and small accents. */
export interface TemplateLook {
  page: string;
  hero: string;
  heroText: string;
  button: string;
  buttonText: string;
  accent: string;
}

export const TEMPLATE_LOOKS: Record<CampaignTemplateId, TemplateLook> = {
  welcome: { page: '#eef4f8', hero: '#1d4e89', heroText: '#ffffff', button: '#f4a259', buttonText: '#1b1b2f', accent: '#1d4e89' },
  come_back: {
    page: '#f6f1ec',
    hero: '#7b2d26',
    heroText: '#fff6ee',
    button: '#7b2d26',
    buttonText: '#ffffff',
    accent: '#b5651d',
  },
  birthday: {
    page: '#fdf0f5',
    hero: '#d63a78',
    heroText: '#ffffff',
    button: '#6a2c70',
    buttonText: '#ffffff',
    accent: '#d63a78',
  },
  event: { page: '#eceff4', hero: '#1b1b2f', heroText: '#f9d342', button: '#f9d342', buttonText: '#1b1b2f', accent: '#3a3a6a' },
  offer: { page: '#eef7ef', hero: '#2a9d8f', heroText: '#ffffff', button: '#e76f51', buttonText: '#ffffff', accent: '#2a9d8f' },
  newsletter: {
    page: '#f3f3f3',
    hero: '#264653',
    heroText: '#ffffff',
    button: '#264653',
    buttonText: '#ffffff',
    accent: '#e9c46a',
  },
};
