import { Box, Card, Heading, HStack, IconButton, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { MAX_GALLERY_IMAGES, type GalleryImage, type OwnerCompany } from '@limo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { messageOf } from '../../lib/api';
import { removeGalleryImage, reorderGallery, uploadGalleryImage } from '../../lib/client/account';
import { showToast } from '../../lib/toast';
import { MY_COMPANIES_KEY } from './data';
import { ImagePicker } from './ImagePicker';
import { imageSize } from './imageRules';

/**
 * The gallery (issue 21): up to 10 images, uploaded with the checks of the main image, moved left or
 * right, deleted. Applied at once (the owner's own photos, checked by content on upload).
 */
export function GallerySection({ company, measure = imageSize }: { company: OwnerCompany; measure?: typeof imageSize }) {
  const queryClient = useQueryClient();
  const [gallery, setGallery] = useState<GalleryImage[]>(company.gallery);
  const done = (next: GalleryImage[] | undefined) => {
    if (next) setGallery(next);
    void queryClient.invalidateQueries({ queryKey: MY_COMPANIES_KEY });
  };
  const onError = (title: string) => (error: unknown) => showToast({ title, description: messageOf(error, title), type: 'error' });

  const upload = useMutation({
    mutationFn: (file: File) => uploadGalleryImage(company.id, file),
    onSuccess: (next) => {
      done(next);
      showToast({ title: 'Image uploaded successfully!' });
    },
    onError: onError('Upload failed'),
  });
  const reorder = useMutation({
    mutationFn: (imageIds: string[]) => reorderGallery(company.id, imageIds),
    onSuccess: done,
    onError: onError('Could not reorder the gallery'),
  });
  const remove = useMutation({
    mutationFn: (imageId: string) => removeGalleryImage(company.id, imageId),
    onSuccess: (next) => {
      done(next);
      showToast({ title: 'Image deleted' });
    },
    onError: onError('Could not delete the image'),
  });

  const move = (index: number, by: -1 | 1) => {
    const ids = gallery.map((g) => g.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    reorder.mutate(ids);
  };
  const busy = upload.isPending || reorder.isPending || remove.isPending;
  const full = gallery.length >= MAX_GALLERY_IMAGES;

  return (
    <Card.Root mt="6">
      <Card.Body gap="4">
        <Heading as="h3" size="lg">
          Gallery
        </Heading>
        <Text color="gray.700">
          Up to {MAX_GALLERY_IMAGES} photos of your vehicles and service, shown on your company page in this order ({gallery.length} of{' '}
          {MAX_GALLERY_IMAGES}).
        </Text>
        {gallery.length > 0 && (
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" aria-label="Gallery images" role="list">
            {gallery.map((image, i) => (
              <Stack key={image.id} gap="1" role="listitem" data-image-id={image.id}>
                <Box rounded="md" overflow="hidden" borderWidth="1px">
                  <Image src={image.url} alt={`Gallery ${i + 1} of ${gallery.length}`} aspectRatio={4 / 3} objectFit="cover" />
                </Box>
                <HStack justify="space-between">
                  <HStack gap="1">
                    <IconButton
                      size="xs"
                      variant="outline"
                      aria-label={`Move photo ${i + 1} earlier`}
                      disabled={busy || i === 0}
                      onClick={() => move(i, -1)}
                    >
                      <ArrowLeft />
                    </IconButton>
                    <IconButton
                      size="xs"
                      variant="outline"
                      aria-label={`Move photo ${i + 1} later`}
                      disabled={busy || i === gallery.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      <ArrowRight />
                    </IconButton>
                  </HStack>
                  <IconButton
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={`Delete photo ${i + 1}`}
                    disabled={busy}
                    onClick={() => remove.mutate(image.id)}
                  >
                    <Trash2 />
                  </IconButton>
                </HStack>
              </Stack>
            ))}
          </SimpleGrid>
        )}
        <ImagePicker inputLabel="Choose a gallery image" disabled={busy || full} measure={measure} onImage={(file) => upload.mutate(file)}>
          {upload.isPending ? 'Uploading...' : full ? 'Gallery full' : 'Add to Gallery'}
        </ImagePicker>
      </Card.Body>
    </Card.Root>
  );
}
