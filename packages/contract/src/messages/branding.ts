/** Messages of the account's branding (provider plan): its sections' fields and images. */
export const BRANDING_MESSAGES = {
  colour: 'Use a colour such as #1976d2',
  url: 'Enter an address starting with http:// or https://',
  image: 'Upload an image or enter an address starting with http:// or https://',
  foreignImage: 'Upload the image for this account',
  max60: 'Use at most 60 characters',
  max200: 'Use at most 200 characters',
  max500: 'Use at most 500 characters',
  max2000: 'Use at most 2,000 characters',
  max5000: 'Use at most 5,000 characters',
} satisfies Record<string, string>;
