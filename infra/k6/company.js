// Company page: the listing and its reviews, as the page loads them.
import { arrival, companySetup, get, loadOptions, pick, summary } from './lib/common.js';

export const options = loadOptions({ company: arrival(150) }, { company: [100, 250], 'company-reviews': [100, 250] });

export const setup = companySetup;

export default function company(data) {
  const id = pick(data.ids);
  get(`/api/companies/${id}`, 'company');
  get(`/api/companies/${id}/reviews`, 'company-reviews');
}

export const handleSummary = summary('company');
