import nodemailer from 'nodemailer';

export interface SmtpMessage {
  from: string;
  replyTo?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `<id@host>`; nodemailer makes a random one without it. */
  messageId?: string;
  attachments?: { filename: string; contentType: string; contentBase64: string; cid?: string }[];
}

export interface SmtpTransport {
  send(message: SmtpMessage): Promise<void>;
}

/** Sends through the SMTP server of a URL such as `smtp://user:pass@mail.example.com:587`. */
export function createSmtpTransport(url: string): SmtpTransport {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      const { attachments, ...rest } = message;
      await transport.sendMail({
        ...rest,
        ...(attachments && {
          attachments: attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, 'base64'),
            ...(a.cid && { cid: a.cid }),
          })),
        }),
      });
    },
  };
}
