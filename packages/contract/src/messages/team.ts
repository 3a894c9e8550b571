/** Messages of an account's admins, clients and their invitations (codes `team.<key>`). */
export const TEAM_MESSAGES = {
  alreadyMember: 'This person is already a member of this account',
  emailTaken: 'This email already has a Splashboard login, so it cannot be invited. Ask them for another address.',
  invitationNotFound: 'This invitation link is not valid. Check the link in the email or ask for a new invitation.',
  invitationExpired: 'This invitation has expired. Ask for a new one.',
  invitationUsed: 'This invitation was already used. Sign in with your email and password.',
  invitationReplaced: 'A newer invitation was sent to this address. Use the link in the latest email.',
  alreadyAccepted: 'This person has already accepted the invitation',
  ownerNotRemovable: 'The account owner cannot be removed',
  cannotRemoveSelf: 'You cannot remove yourself. Ask another admin to do it.',
  siteNotInAccount: 'Site {{siteId}} is not one of this account’s locations',
  siteTwice: 'Site {{siteId}} is given more than once',
} satisfies Record<string, string>;
