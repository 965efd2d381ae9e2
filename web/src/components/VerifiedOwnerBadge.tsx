import { Badge, type BadgeProps } from '@chakra-ui/react';
import { BadgeCheck } from 'lucide-react';

/** "Verified Owner": the owner's claim or paid listing was approved (company JSON `verifiedOwner`). */
export function VerifiedOwnerBadge(props: BadgeProps) {
  return (
    <Badge colorPalette="green" variant="solid" fontWeight="bold" {...props}>
      <BadgeCheck size={14} aria-hidden="true" /> Verified Owner
    </Badge>
  );
}
