import {
  DEFAULT_LOGIN_METHOD_VALUES,
  DEFAULT_SPLASH_DESIGN,
  defaultFieldListOf,
  defaultStylesOf,
  designTextShape,
  fieldListErrors,
  fieldTypesOf,
  normalizeLoginField,
  readDesign,
  readImageLink,
  readTranslations,
  sanitizeHtml,
  storedTranslations,
  styleFieldsOf,
  styleKindOf,
  styleTextShapeOf,
  type FieldListName,
  type LoginField,
  type LoginFieldInput,
  type LoginMethodPath,
  type LoginMethodStylesUpdate,
  type LoginMethodValues,
  type SplashDesign,
  type SplashDesignUpdate,
  type Translations,
} from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import { can, type AccessMode, type Actor } from '../../platform/access.ts';
import { invalid, type SchemaErrors } from '../../platform/errors.ts';
import type { SiteAccess, SiteRow } from '../../platform/site-access.ts';
import { foreignUploads, storeImage, type Upload } from '../../platform/uploads.ts';
import type { ExtraValues } from './extra-values.ts';
import type { MethodSettingsRow as MethodRow, SplashRepo } from './splash.repo.ts';

type Deps = Pick<AppContext, 'storage' | 'siteChanges'> & { sites: SiteAccess; splash: SplashRepo; extraValues?: ExtraValues };
type Values = Record<string, unknown>;

const IMAGE_FIELDS = ['logo_image', 'html_image', 'splash_page_powered_by_logo'] as const;
const NO_SPEED = 'Set an upload or download limit, or choose unlimited speed';
const NO_DATA = 'Set a data limit, or choose unlimited data';

/** Only the keys a shape knows: stored rows may hold fields a later version dropped. */
const pick = <T extends Values>(defaults: T, stored: Values): T =>
  Object.fromEntries(Object.keys(defaults).map((k) => [k, k in stored ? stored[k] : defaults[k]])) as T;

/** The key that holds a method's data allowance, if it has one (0 means unlimited). */
const dataKeyOf = (values: Values) => ('data_limit' in values ? 'data_limit' : 'bytes_t' in values ? 'bytes_t' : null);

/** Unlimited speed and data are not stored: they are what zero limits mean. */
function withDerivedFlags(values: Values): Values {
  const out = { ...values };
  if ('unlimited_speed' in out) out.unlimited_speed = out.speed_ul === 0 && out.speed_dl === 0;
  const dataKey = dataKeyOf(out);
  if ('unlimited_data' in out && dataKey) out.unlimited_data = out[dataKey] === 0;
  return out;
}

/**
 * Splash page settings of a site: the design, and per login method its values, styles and field lists.
 * Reading needs the landingpage permission, changing it landingpage in write mode (client area
 * landing_page); the site check comes first, so another account's site answers 404.
 */
export function createSplashService({ splash, storage, sites, siteChanges, extraValues }: Deps) {
  const access = (actor: Actor | null, siteId: number, mode: AccessMode) => sites.siteFor(actor, siteId, 'landingpage', mode);
  const extrasOf = async (path: LoginMethodPath, site: SiteRow): Promise<Values> =>
    extraValues?.shapes[path] ? extraValues.values(path, site) : {};

  const methodRow = async (siteId: number, path: LoginMethodPath) => (await splash.methodRow(siteId, path)) ?? undefined;

  async function changeMethodRow(
    siteId: number,
    accountId: number,
    path: LoginMethodPath,
    change: Parameters<SplashRepo['changeMethodRow']>[3],
  ): Promise<MethodRow> {
    const row = await splash.changeMethodRow(siteId, accountId, path, change);
    siteChanges.publish(siteId);
    return row;
  }

  /**
   * The images chosen when the site was created are its design's until the design sets its own. The
   * texts' versions in the other languages come with it.
   */
  async function designOf(site: {
    id: number;
    logoImage: string;
    htmlImage: string;
  }): Promise<SplashDesign & { translations: Translations }> {
    const defaults = { ...DEFAULT_SPLASH_DESIGN, logo_image: site.logoImage, html_image: site.htmlImage };
    const stored = (await splash.design(site.id)) ?? {};
    return { ...readDesign(stored, defaults), translations: readTranslations(stored, designTextShape) };
  }

  const valuesOf = (path: LoginMethodPath, row: MethodRow | undefined) =>
    withDerivedFlags(pick(DEFAULT_LOGIN_METHOD_VALUES[path] as Values, row?.values ?? {}));
  const stylesOf = (path: LoginMethodPath, row: MethodRow | undefined) => {
    const stored = row?.styles ?? {};
    return {
      ...Object.fromEntries(Object.entries(defaultStylesOf(path)).map(([k, v]) => [k, stored[k] ?? v])),
      translations: readTranslations(stored, styleTextShapeOf(path)),
    };
  };
  const fieldListOf = (path: LoginMethodPath, list: FieldListName, row: MethodRow | undefined): LoginField[] =>
    (row?.fieldLists[list] as LoginField[] | undefined) ?? defaultFieldListOf(path, list);

  return {
    /** The design, and whether the caller may change it, so that the editor opens read-only for a Read Only client. */
    async getDesign(actor: Actor | null, siteId: number) {
      const { row: site, actor: who, access: levels } = await access(actor, siteId, 'read');
      return { ...(await designOf(site)), can_write: can(who, site.id, 'landingpage', 'write', levels) };
    },

    /** Sets the given fields; a text's version in another language set to '' is gone (guests read the English one). */
    async updateDesign(actor: Actor | null, siteId: number, input: SplashDesignUpdate) {
      const { row: site } = await access(actor, siteId, 'write');
      const { translations, ...fields } = input;
      const errors = foreignUploads(fields, IMAGE_FIELDS, site.accountId);
      if (Object.keys(errors).length) throw invalid(errors);
      const changes = {
        ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
        ...storedTranslations(translations),
      };
      await splash.mergeDesign(siteId, site.accountId, changes);
      siteChanges.publish(siteId);
      return { ...(await designOf(site)), can_write: true };
    },

    async uploadImage(actor: Actor | null, siteId: number, readFile: () => Promise<Upload>) {
      const { row: site } = await access(actor, siteId, 'write');
      // Read only once access is settled: a refused caller's upload is not taken in.
      const file = await readFile();
      const stored = await storeImage(storage, `accounts/${site.accountId}/sites/${site.id}/splash`, file);
      await splash.insertUpload({
        siteId,
        accountId: site.accountId,
        storageKey: stored.key,
        url: stored.url,
        bytes: file.body.length,
      });
      return { filelink: stored.url };
    },

    /** The site's splash images, newest first, with the site's own logo and background if they are elsewhere. */
    async thumbnails(actor: Actor | null, siteId: number) {
      const { row: site } = await access(actor, siteId, 'read');
      const rows = await splash.recentUploads(siteId, 200);
      const items: { filelink: string; created_at: string | null }[] = rows.map((r) => ({
        filelink: r.url,
        created_at: r.createdAt.toISOString(),
      }));
      for (const link of [readImageLink(site.logoImage), readImageLink(site.htmlImage)]) {
        if (link && !items.some((i) => i.filelink === link)) items.push({ filelink: link, created_at: null });
      }
      return { items };
    },

    async getValues<P extends LoginMethodPath>(actor: Actor | null, siteId: number, path: P) {
      const { row: site } = await access(actor, siteId, 'read');
      return { ...valuesOf(path, await methodRow(siteId, path)), ...(await extrasOf(path, site)) } as LoginMethodValues<P>;
    },

    async updateValues<P extends LoginMethodPath>(actor: Actor | null, siteId: number, path: P, input: Values) {
      const { row: site } = await access(actor, siteId, 'write');
      const { unlimited_speed: unlimitedSpeed, unlimited_data: unlimitedData, ...given } = input;
      const defaults = DEFAULT_LOGIN_METHOD_VALUES[path] as Values;
      const row = await changeMethodRow(siteId, site.accountId, path, (current) => {
        const stored: Values = { ...current.values };
        delete stored.unlimited_speed;
        delete stored.unlimited_data;
        for (const [k, v] of Object.entries(given)) if (v !== undefined) stored[k] = v;
        const next = { ...defaults, ...stored };
        const errors: SchemaErrors = {};
        if ('speed_ul' in defaults) {
          if (unlimitedSpeed === true) stored.speed_ul = stored.speed_dl = 0;
          else if (unlimitedSpeed === false && next.speed_ul === 0 && next.speed_dl === 0) errors.unlimited_speed = [NO_SPEED];
        }
        const dataKey = dataKeyOf(defaults);
        if (dataKey && 'unlimited_data' in defaults) {
          if (unlimitedData === true) stored[dataKey] = 0;
          else if (unlimitedData === false && next[dataKey] === 0) errors.unlimited_data = [NO_DATA];
        }
        // Thrown inside the transaction, so nothing is stored.
        if (Object.keys(errors).length) throw invalid(errors);
        return { values: stored };
      });
      return { ...valuesOf(path, row), ...(await extrasOf(path, site)) } as LoginMethodValues<P>;
    },

    async getStyles(actor: Actor | null, siteId: number, path: LoginMethodPath) {
      await access(actor, siteId, 'read');
      return stylesOf(path, await methodRow(siteId, path));
    },

    /**
     * Stores only the values that are set: an empty value leaves the stored one as it is. A text's version
     * in another language set to '' is cleared instead (guests read the English one). Headings are stored
     * sanitised: only the formatting tags guests may get.
     */
    async updateStyles(actor: Actor | null, siteId: number, path: LoginMethodPath, input: LoginMethodStylesUpdate) {
      const { row: site } = await access(actor, siteId, 'write');
      const known = new Set(styleFieldsOf(path));
      const { translations, ...fields } = input;
      const set = Object.fromEntries(
        Object.entries({ ...fields }).filter(
          (e): e is [string, string] => known.has(e[0]) && typeof e[1] === 'string' && e[1] !== '',
        ),
      );
      const versions = Object.entries(storedTranslations(translations));
      const clean = (field: string, value: string) => (styleKindOf(field) === 'html' ? sanitizeHtml(value) : value);
      for (const [key, value] of Object.entries(set)) set[key] = clean(key, value);
      for (const [key, value] of versions) set[key] = clean(key.slice(key.indexOf(':') + 1), value);
      const row = await changeMethodRow(siteId, site.accountId, path, (current) => ({ styles: { ...current.styles, ...set } }));
      return stylesOf(path, row);
    },

    async availableFields(actor: Actor | null, siteId: number, path: LoginMethodPath) {
      await access(actor, siteId, 'read');
      return { fields: fieldTypesOf(path).map((field_type) => normalizeLoginField({ field_type })) };
    },

    async getFieldList(actor: Actor | null, siteId: number, path: LoginMethodPath, list: FieldListName) {
      await access(actor, siteId, 'read');
      return fieldListOf(path, list, await methodRow(siteId, path));
    },

    async setFieldList(
      actor: Actor | null,
      siteId: number,
      path: LoginMethodPath,
      list: FieldListName,
      input: LoginFieldInput[],
    ) {
      const { row: site } = await access(actor, siteId, 'write');
      const fields = input.map(normalizeLoginField);
      const errors = fieldListErrors(path, list, fields);
      if (Object.keys(errors).length) throw invalid(errors);
      const row = await changeMethodRow(siteId, site.accountId, path, (current) => ({
        fieldLists: { ...current.fieldLists, [list]: fields },
      }));
      return fieldListOf(path, list, row);
    },
  };
}

export type SplashService = ReturnType<typeof createSplashService>;
