import type { Collection, DocumentStore } from '@limo/platform';

/** What we know of a stored image; its bytes live in the blob store under `_id`. */
export interface ImageDoc {
  _id: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
  uploadedBy: string;
  /** The company using it, once an owner or admin attached it. */
  companyId: string | null;
  createdAt: string;
}

/** Metadata of uploaded images, and which company uses each. */
export class ImagesRepository {
  private constructor(readonly images: Collection<ImageDoc>) {}

  static async create(store: DocumentStore): Promise<ImagesRepository> {
    const images = await store.collection<ImageDoc>('images', [{ fields: { companyId: 1 } }]);
    return new ImagesRepository(images);
  }

  findById(id: string): Promise<ImageDoc | null> {
    return this.images.findOne({ _id: id });
  }

  insert(doc: ImageDoc): Promise<ImageDoc> {
    return this.images.insertOne(doc);
  }

  attach(id: string, companyId: string): Promise<ImageDoc | null> {
    return this.images.updateOne({ _id: id }, { $set: { companyId } });
  }

  listForCompany(companyId: string): Promise<ImageDoc[]> {
    return this.images.find({ companyId });
  }

  delete(id: string): Promise<ImageDoc | null> {
    return this.images.deleteOne({ _id: id });
  }
}
