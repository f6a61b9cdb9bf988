// A local SMTP sink for tests that follow mailed links (sign-up confirmations, resets): the servers send to it through
// SMTP_URL; each mail is kept as text with quoted-printable soft breaks and "=3D" undone, so links read whole.
import { SMTPServer } from 'smtp-server';

export interface MailSink {
  /** Every mail received so far, oldest first. */
  mails: string[];
  /** smtp://127.0.0.1:{port}, for SMTP_URL. */
  url: string;
  close(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const mails: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      let text = '';
      stream.on('data', (c) => (text += c));
      stream.on('end', () => {
        mails.push(text.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as { port: number };
  return { mails, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
