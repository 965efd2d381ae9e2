import { randomUUID } from 'node:crypto';
import { NedbDocumentStore } from '@limo/engine-nedb';
import { AuditTrail, createLogger, type EventEnvelope, type MailMessage } from '@limo/platform';
import { outboxEvents, recordingMailer } from '@limo/platform/testing';
import { newCompanyDoc, type CompanyDoc } from '../../src/domain/company.js';
import { ChangeRequestsRepository } from '../../src/repositories/change-requests.repository.js';
import { CompaniesRepository } from '../../src/repositories/companies.repository.js';
import { ImagesRepository } from '../../src/repositories/images.repository.js';
import { ReviewsRepository } from '../../src/repositories/reviews.repository.js';
import { CompanyEdits } from '../../src/use-cases/company-edits.js';
import { CredentialWatch } from '../../src/use-cases/credential-watch.js';
import { OwnerNotices } from '../../src/use-cases/owner-notices.js';
import { TopRatedJudge } from '../../src/use-cases/top-rated.js';

/**
 * The directory's use cases on in-memory adapters: its repositories on an in-memory store, the owner
 * notices on a mailer that keeps what it sends, and the events the writes owe.
 */
export interface DirectoryWorld {
  companies: CompaniesRepository;
  reviews: ReviewsRepository;
  changeRequests: ChangeRequestsRepository;
  images: ImagesRepository;
  audit: AuditTrail;
  notices: OwnerNotices;
  edits: CompanyEdits;
  topRated: TopRatedJudge;
  credentialWatch: CredentialWatch;
  /** The mails sent so far. */
  mails: MailMessage[];
  /** The events published so far (the outbox flushed first). */
  events(type?: string): Promise<EventEnvelope[]>;
  /** A stored company: an unowned listing called "Mile High Limousines" unless `fields` say otherwise. */
  company(fields?: Partial<Omit<CompanyDoc, '_id' | 'version'>>): Promise<CompanyDoc>;
}

export async function directoryWorld(): Promise<DirectoryWorld> {
  const store = await NedbDocumentStore.create();
  const logger = createLogger('silent');
  const companies = await CompaniesRepository.create(store);
  const reviews = await ReviewsRepository.create(store);
  const changeRequests = await ChangeRequestsRepository.create(store);
  const images = await ImagesRepository.create(store);
  const mailer = recordingMailer();
  const notices = new OwnerNotices(changeRequests, mailer, 'http://limo.test', logger);
  return {
    companies,
    reviews,
    changeRequests,
    images,
    audit: await AuditTrail.create(store, 'directory'),
    notices,
    edits: new CompanyEdits(companies, images),
    topRated: new TopRatedJudge(companies, reviews),
    credentialWatch: new CredentialWatch(companies, notices, logger),
    mails: mailer.mails,
    events: outboxEvents(store),
    company: (fields = {}) =>
      companies.insert(newCompanyDoc({ _id: randomUUID(), name: 'Mile High Limousines', createdAt: new Date().toISOString(), ...fields })),
  };
}
