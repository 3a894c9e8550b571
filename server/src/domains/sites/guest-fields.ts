/** The guest fields each login method collects by default; the splash page settings refine them per site. */
const METHOD_FIELDS: Record<string, { field_type: string; title: string }[]> = {
  email: [{ field_type: 'email', title: 'Email' }],
  phone: [{ field_type: 'phonenumber', title: 'Phone number' }],
  facebook: [
    { field_type: 'firstname', title: 'First name' },
    { field_type: 'lastname', title: 'Last name' },
    { field_type: 'email', title: 'Email' },
  ],
  guestuser: [{ field_type: 'email', title: 'Email' }],
  payment: [{ field_type: 'email', title: 'Email' }],
  ageconsent: [{ field_type: 'birthday', title: 'Birthday' }],
};

export function guestFieldsFor(authMethods: string[]) {
  const byType = new Map<string, { field_type: string; title: string; methods: string[] }>();
  for (const method of authMethods) {
    for (const field of METHOD_FIELDS[method] ?? []) {
      const entry = byType.get(field.field_type) ?? { ...field, methods: [] };
      entry.methods.push(method);
      byType.set(field.field_type, entry);
    }
  }
  return [...byType.values()];
}
