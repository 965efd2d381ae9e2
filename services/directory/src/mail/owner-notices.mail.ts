import { escapeHtml, mailLayout, type MailMessage } from '@limo/platform';

/** One notice to a listing's owner: a title, paragraphs of plain text, a link to the dashboard. */
interface Notice {
  to: string;
  tag: string;
  title: string;
  paragraphs: string[];
  dashboardUrl: string;
}

/** The notice as a mail with its plain-text and HTML parts (same words in both). */
function noticeMail(n: Notice): MailMessage {
  const text = ['Hello,', '', ...n.paragraphs.flatMap((p) => [p, '']), `Your dashboard: ${n.dashboardUrl}`].join('\n');
  const html = mailLayout(
    n.title,
    `<p>Hello,</p>
${n.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(n.dashboardUrl)}">Open your dashboard</a></p>`,
  );
  return { to: n.to, subject: n.title, text, html, tag: n.tag };
}

const dashboard = (publicUrl: string) => `${publicUrl}/dashboard`;

/** An admin approved or rejected the owner's change request. */
export function changeRequestDecidedMail(
  to: string,
  companyName: string,
  decision: 'approved' | 'rejected',
  reason: string | null,
  publicUrl: string,
): MailMessage {
  const approved = decision === 'approved';
  return noticeMail({
    to,
    tag: `change-request-${decision}`,
    title: approved ? `Your changes to ${companyName} are live` : `Your changes to ${companyName} were not approved`,
    paragraphs: approved
      ? [`An admin approved the changes you requested to ${companyName} on LimoDirectory. They now show on your listing.`]
      : [
          `An admin reviewed the changes you requested to ${companyName} on LimoDirectory and did not approve them; your listing stays as it was.`,
          ...(reason ? [`Reason: ${reason}`] : []),
          'You can send a new request from your dashboard.',
        ],
    dashboardUrl: dashboard(publicUrl),
  });
}

/** The business became verified: pending change requests are closed, the owner edits directly now. */
export function changeRequestClosedMail(to: string, companyName: string, note: string, publicUrl: string): MailMessage {
  return noticeMail({
    to,
    tag: 'change-request-closed',
    title: `Your change request for ${companyName} was closed`,
    paragraphs: [note],
    dashboardUrl: dashboard(publicUrl),
  });
}

/** What a verified or a rejected decision tells the owner (a rejection also what to do next). */
interface Verdict {
  verified: { title: string; text: string };
  rejected: { title: string; text: string; next: string };
}

/** The mail telling an owner that an admin verified what they sent, or rejected it with a reason. */
type DecidedMail = (
  to: string,
  companyName: string,
  decision: 'verified' | 'rejected',
  reason: string | null,
  publicUrl: string,
) => MailMessage;

/** A decided mail tagged `<what>-<decision>`, in the words `verdict` gives for the company. */
const decidedMail =
  (what: string, verdict: (companyName: string) => Verdict): DecidedMail =>
  (to, companyName, decision, reason, publicUrl) => {
    const { verified, rejected } = verdict(companyName);
    return noticeMail({
      to,
      tag: `${what}-${decision}`,
      title: decision === 'verified' ? verified.title : rejected.title,
      paragraphs: decision === 'verified' ? [verified.text] : [rejected.text, `Reason: ${reason ?? 'not given'}`, rejected.next],
      dashboardUrl: dashboard(publicUrl),
    });
  };

/** An admin verified the owner's listing, or rejected it with a reason. */
export const listingDecidedMail = decidedMail('listing', (companyName) => ({
  verified: {
    title: `${companyName} is verified on LimoDirectory`,
    text: `We checked your listing ${companyName} and verified it: it now shows as verified in search.`,
  },
  rejected: {
    title: `${companyName} could not be verified`,
    text: `We reviewed your listing ${companyName} and could not verify it.`,
    next: 'Update your listing from your dashboard or reply to this e-mail, and we will look at it again.',
  },
}));

/** The note kept on a change request closed because the business became verified. */
export const CLOSED_ON_VERIFICATION_NOTE =
  'Your business is now verified, so you can edit your listing directly from your dashboard. This pending request was closed without being applied: please make the changes you still want yourself.';

/** An admin verified the owner's credentials (licence and insurance), or rejected them with a reason. */
export const credentialsDecidedMail = decidedMail('credentials', (companyName) => ({
  verified: {
    title: `${companyName}: licence and insurance verified`,
    text: `We checked the licence and insurance of ${companyName}: your listing now shows the Licensed and Insured badges.`,
  },
  rejected: {
    title: `${companyName}: we could not verify your licence and insurance`,
    text: `We reviewed the licence and insurance you sent for ${companyName} and could not verify them.`,
    next: 'Correct them or upload a new certificate from the Credentials section of your dashboard.',
  },
}));

/** The verified insurance ends in 30 days or less: the Insured badge goes the day after. */
export function insuranceExpiringMail(to: string, companyName: string, expiresOn: string, publicUrl: string): MailMessage {
  return noticeMail({
    to,
    tag: 'insurance-expiring',
    title: `${companyName}: your insurance expires on ${expiresOn}`,
    paragraphs: [
      `The insurance we verified for ${companyName} expires on ${expiresOn}. The Insured badge leaves your listing (and search's "Licensed & insured" filter) the day after.`,
      'Renewed it? Enter the new expiry date and upload the new certificate in the Credentials section of your dashboard, and we will verify it.',
    ],
    dashboardUrl: dashboard(publicUrl),
  });
}
