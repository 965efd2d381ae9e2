import { Box, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { OwnerCompany } from '@limo/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { CompanyImage } from '../../components/CompanyImage';
import { messageOf } from '../../lib/api';
import { updateCompany, uploadImage } from '../../lib/client/account';
import { showToast } from '../../lib/toast';
import { ImagePicker } from './ImagePicker';
import { imageSize, SUGGESTED_IMAGE } from './imageRules';
import { RELOAD_AFTER_UPDATE_MS } from './ProfileTab';

/**
 * Manage Images / Request Image Updates (owner-admin §2.10, §4, §5): the file is checked in the
 * browser, uploaded, then the company is updated with the returned imageUrl.
 */
export function ImagesTab({
  company,
  verified,
  reload = () => window.location.reload(),
  measure = imageSize,
}: {
  company: OwnerCompany;
  verified: boolean;
  reload?: () => void;
  measure?: typeof imageSize;
}) {
  const [pendingUrl, setPendingUrl] = useState<string>();
  const send = useMutation({
    mutationFn: async (file: File) => {
      const imageUrl = await uploadImage(file, company.id);
      const { requested } = await updateCompany(company.id, { imageUrl });
      return { imageUrl, requested };
    },
    onSuccess: ({ imageUrl, requested }) => {
      if (requested) {
        setPendingUrl(imageUrl);
        showToast({
          title: 'Image Update Requested',
          description: 'Your new image will show once our team approves it (1-2 business days).',
        });
        return;
      }
      showToast({ title: 'Image uploaded successfully!' });
      setTimeout(reload, RELOAD_AFTER_UPDATE_MS);
    },
    onError: (error) => showToast({ title: 'Upload failed', description: messageOf(error, 'Upload failed'), type: 'error' }),
  });

  return (
    <Card.Root>
      <Card.Body gap="5">
        <Heading as="h3" size="lg">
          {verified ? 'Manage Images' : 'Request Image Updates'}
        </Heading>
        <Flex gap="6" direction={{ base: 'column', md: 'row' }}>
          <Box w={{ base: 'full', md: '80' }} rounded="lg" overflow="hidden" borderWidth="1px" flexShrink={0}>
            <CompanyImage company={{ id: company.id, name: company.name, imageUrl: pendingUrl ?? company.imageUrl }} aspectRatio={4 / 3} />
          </Box>
          <Stack gap="3">
            <Text color="gray.700">
              JPEG, PNG or WebP, up to 5MB and at least 100x100 pixels. For the best result use {SUGGESTED_IMAGE.width}x
              {SUGGESTED_IMAGE.height} pixels or more.
            </Text>
            {!verified && (
              <Text color="gray.700">While your business is pending verification, a new image is applied after our team reviews it.</Text>
            )}
            {pendingUrl && (
              <Text color="blue.700" role="status">
                New image sent for review.
              </Text>
            )}
            <ImagePicker inputLabel="Choose an image" disabled={send.isPending} measure={measure} onImage={(file) => send.mutate(file)}>
              {send.isPending ? 'Uploading...' : 'Upload Image'}
            </ImagePicker>
          </Stack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
