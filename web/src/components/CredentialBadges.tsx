import { Badge, type BadgeProps } from '@chakra-ui/react';
import type { Company } from '@limo/contracts';
import { Award, FileCheck, ShieldCheck } from 'lucide-react';

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "Mar 2027" of a yyyy-MM-dd date (the day's own month, whatever the visitor's time zone). */
export function expiryMonth(date: string): string {
  return MONTH.format(new Date(`${date}T00:00:00Z`));
}

/**
 * "Top Rated" (rating, verified reviews and answered leads: docs/directory.md), "Licensed" and "Insured · until
 * Mar 2027" (issue 21): credentials an admin verified; the insured badge is on the company only while
 * its insurance runs (`badges`, `insuranceExpiresOn`).
 */
export function CredentialBadges({ company, ...props }: { company: Pick<Company, 'badges' | 'insuranceExpiresOn'> } & BadgeProps) {
  const licensed = company.badges.includes('licensed');
  const insured = company.badges.includes('insured') && company.insuranceExpiresOn !== null;
  const topRated = company.badges.includes('top-rated');
  return (
    <>
      {topRated && (
        <Badge colorPalette="orange" variant="subtle" {...props}>
          <Award size={14} aria-hidden="true" /> Top Rated
        </Badge>
      )}
      {licensed && (
        <Badge colorPalette="blue" variant="subtle" {...props}>
          <FileCheck size={14} aria-hidden="true" /> Licensed
        </Badge>
      )}
      {insured && (
        <Badge colorPalette="teal" variant="subtle" {...props}>
          <ShieldCheck size={14} aria-hidden="true" /> Insured · until {expiryMonth(company.insuranceExpiresOn!)}
        </Badge>
      )}
    </>
  );
}
