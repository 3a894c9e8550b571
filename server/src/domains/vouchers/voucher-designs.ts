import {
  DEFAULT_VOUCHER_DESIGN,
  VOUCHER_MESSAGES,
  voucherDesignSchema,
  type VoucherDesign,
  type VoucherDesignUpdate,
  type VoucherKind,
} from '@splashboard/contract';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, fieldError, invalid } from '../../platform/errors.ts';
import { detectImage, type Storage } from '../../platform/storage.ts';
import type { Upload } from '../../platform/uploads.ts';
import type { VoucherAccess } from './voucher-access.ts';
import { createVoucherDesignsRepo } from './voucher-designs.repo.ts';
import { renderCards, type SheetProgress } from './voucher-pdf.ts';
import type { VouchersService } from './vouchers.service.ts';

/** Only the keys the design knows, each valid, else its default: stored rows may hold what a later version dropped. */
function designFrom(stored: Record<string, unknown>): VoucherDesign {
  const out = { ...DEFAULT_VOUCHER_DESIGN } as Record<string, unknown>;
  for (const key of Object.keys(DEFAULT_VOUCHER_DESIGN)) {
    const field = voucherDesignSchema.shape[key as keyof VoucherDesign];
    if (key in stored && field.safeParse(stored[key]).success) out[key] = stored[key];
  }
  return out as VoucherDesign;
}

/**
 * The voucher designer (how printed cards look, one design per site and kind), its logo uploads, and the
 * PDF of a batch drawn with it. Same permissions as the vouchers: reading (and printing) needs read
 * access, changing the design write access.
 */
export function createVoucherDesigns({
  db,
  storage,
  access,
  vouchers,
}: {
  db: Database;
  storage: Storage;
  access: VoucherAccess;
  vouchers: Pick<VouchersService, 'printable'>;
}) {
  const designs = createVoucherDesignsRepo(db);

  async function designOf(siteId: number, kind: VoucherKind): Promise<VoucherDesign> {
    return designFrom((await designs.designOf(siteId, kind)) ?? {});
  }

  return {
    async get(actor: Actor | null, siteId: number, kind: VoucherKind) {
      await access.site(actor, siteId, kind, 'read');
      return designOf(siteId, kind);
    },

    async update(actorIn: Actor | null, siteId: number, kind: VoucherKind, input: VoucherDesignUpdate) {
      const { actor } = await access.site(actorIn, siteId, kind, 'write');
      const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<VoucherDesign>;
      const next = { ...(await designOf(siteId, kind)), ...changes };
      if (!next.show_code && !next.show_qr) throw invalid({ show_code: [VOUCHER_MESSAGES.codeOrQr] });
      if (changes.logo_image) {
        if (!(await designs.hasLogo(changes.logo_image, actor.accountId)))
          throw invalid({ logo_image: [VOUCHER_MESSAGES.logoNotUploaded] });
      }
      await designs.saveChanges(siteId, kind, actor.accountId, changes);
      return designOf(siteId, kind);
    },

    /** A logo for the cards, checked by its bytes: PNG or JPEG, the formats a PDF can hold. */
    async uploadLogo(actorIn: Actor | null, siteId: number, kind: VoucherKind, readFile: () => Promise<Upload>) {
      const { actor } = await access.site(actorIn, siteId, kind, 'write');
      // Read only once access is settled: a refused caller's upload is not taken in.
      const file = await readFile();
      if (file.truncated) throw new AppError(413, 'common.fileTooLarge', { field: 'file' });
      const format = detectImage(file.body);
      if (!format) throw fieldError('file', 'common.imageOnly');
      if (format !== 'png' && format !== 'jpg') throw fieldError('file', 'vouchers.logoFormat');
      const stored = await storage.put(`accounts/${actor.accountId}/sites/${siteId}/vouchers`, format, file.body);
      await designs.addLogo({ accountId: actor.accountId, siteId, url: stored.url, format, data: file.body });
      return { filelink: stored.url };
    },

    /** The batch's cards to print, on the paper asked for (else the design's); `onEnd` hears how far the drawing got. */
    async pdf(
      actor: Actor | null,
      siteId: number,
      kind: VoucherKind,
      batchId: number,
      paper?: 'a4' | 'letter',
      onEnd?: (progress: SheetProgress) => void,
    ) {
      const { site, batch, codes, sites } = await vouchers.printable(actor, siteId, kind, batchId);
      const design = await designOf(siteId, kind);
      const logo = design.logo_image ? await designs.logoData(design.logo_image, site.accountId) : undefined;
      const sheet = {
        design,
        paper: paper ?? design.paper,
        codes,
        batch,
        siteNames: sites.map((s) => s.name),
        timeZone: site.timezone,
        logo: logo ? { data: logo } : null,
      };
      return { stream: renderCards(sheet, onEnd), filename: `vouchers-batch-${batch.batchCode}.pdf` };
    },
  };
}
export type VoucherDesigns = ReturnType<typeof createVoucherDesigns>;
