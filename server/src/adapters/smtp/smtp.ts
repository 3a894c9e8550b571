import nodemailer from 'nodemailer';

export interface SmtpMessage {
  from: string;
  replyTo?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpTransport {
  send(message: SmtpMessage): Promise<void>;
}

/** Sends through the SMTP server of a URL such as `smtp://user:pass@mail.example.com:587`. */
export function createSmtpTransport(url: string): SmtpTransport {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail(message);
    },
  };
}
