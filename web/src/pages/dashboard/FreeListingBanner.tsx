import { Alert, List, Text } from '@chakra-ui/react';
import type { OwnerCompany } from '@limo/contracts';
import { upgradeHref } from '../../lib/plans';
import { LinkButton } from '../../components/LinkButton';

/**
 * A free listing (made at /list-business): owned but not claimed, no subscription and not verified.
 * Nothing was paid for it, so no banner may say "Payment received" (issue 17, defect 3).
 */
export function isFreeListing(company: OwnerCompany): boolean {
  return !company.claimed && company.subscriptionInfo === null && !company.businessVerified;
}

/** The truthful state of a free listing, what $75/year adds, and the Upgrade button to the paid flow for this company. */
export function FreeListingBanner({ company }: { company: OwnerCompany }) {
  return (
    <Alert.Root status="info" data-testid="state-banner">
      <Alert.Indicator />
      <Alert.Content gap="1">
        <Alert.Title>Free listing · unverified</Alert.Title>
        <Alert.Description>
          <Text>
            {company.name} is listed for free and owned by your account. It has no Verified Owner badge, and your profile changes go to our
            team for review. You can answer quote requests now.
          </Text>
          <Text mt="2" fontWeight="medium">
            Upgrade to the paid listing ($75/year, cancel anytime) for:
          </Text>
          <List.Root ps="5" mt="1">
            <List.Item>verification within 1-2 business days and the Verified Owner badge</List.Item>
            <List.Item>featured placement above free listings in search</List.Item>
            <List.Item>full editing of your profile once verified</List.Item>
          </List.Root>
          <LinkButton to={upgradeHref(company.id)} colorPalette="brand" size="sm" mt="3">
            Upgrade for $75/year
          </LinkButton>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
