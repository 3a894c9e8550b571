// SEAM: the helper building these pages replaces this file.
export const AbTestsPage = () => null;
