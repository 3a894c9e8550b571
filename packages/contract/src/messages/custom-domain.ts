/** Messages of the white-label domain (/a/api/v1/branding/domain): the rules on a domain entered, and why a check failed. */
export const CUSTOM_DOMAIN_MESSAGES = {
  required: 'Enter a domain such as wifi.example.com',
  notHostname: 'Enter only a domain name such as wifi.example.com (letters, digits and hyphens, without https:// or a path)',
  ipAddress: 'Enter a domain name, not an IP address',
  singleLabel: 'Enter a full domain name such as wifi.example.com, not a single word',
  ownHost: '{{domain}} is this service’s own address: enter a domain of your own',
  taken: 'This domain is already taken',
  notAdded: 'No domain has been added yet',
  // Why the last check did not enable the domain.
  dnsNotFound: '{{domain}} is not found in DNS yet: create the CNAME record (it may take a while to be seen)',
  unreachable: 'Could not connect to {{domain}} ({{detail}})',
  timeout: '{{domain}} did not answer within {{seconds}} seconds',
  reachedOther:
    'Requests for {{domain}} reach another server (it answered HTTP {{status}}): point its CNAME record at {{target}}',
  certificateNotIssued: 'Requests for {{domain}} reach us, but its certificate has not been issued yet ({{detail}})',
  httpsOther: 'Over HTTPS, {{domain}} answers from another server (HTTP {{status}})',
} satisfies Record<string, string>;
