import { Conflict, Invalid, type DomainError } from "@/lib/errors";

// Services name fields the way the API spells its parameters; a form names them the way its labels do.
const FIELD_LABELS: Record<string, string> = {
  name: "Handle",
  tag_name: "Name",
  title: "Title",
  description: "Description",
  cover: "Cover image address",
  logo: "Logo address",
  username: "Username",
  photo_url: "Avatar address",
  cover_image: "Cover image address",
  email: "Email",
  remind_at: "Reminder",
  polls: "Polls",
  nft: "NFT",
  web3_public_key: "Wallet",
};

// Services speak of "photo_url"; the profile form's fields are camelCase.
const FORM_FIELDS: Record<string, string> = { photo_url: "photoUrl", cover_image: "coverImage" };

/** A domain error as a form shows it: "Title must not be empty", with the field it belongs to. */
export function describeForForm(error: DomainError): { ok: false; error: string; field?: string } {
  const field = error instanceof Invalid || error instanceof Conflict ? error.field : null;
  if (!field) return { ok: false, error: error.message };
  const at = { ok: false as const, field: FORM_FIELDS[field] ?? field };
  const prefix = `${field}: `;
  const detail = error instanceof Invalid ? error.detail : error.message.startsWith(prefix) ? error.message.slice(prefix.length) : null;
  if (field === "content") {
    // A plain rule reads as a sentence; a problem deep inside the delta keeps its place.
    const plain = error.message === `${prefix}${detail}`;
    return { ...at, error: plain ? `The post ${detail}.`.replace(/\.\.$/, ".") : `The post could not be saved (${error.message}).` };
  }
  // The composer's polls (contract section 18): "polls.0.token.chain_id" is poll 1's token chain id.
  const inPoll = /^polls\.(\d+)\.(.+)$/.exec(field);
  if (inPoll && detail !== null) return { ...at, error: `Poll ${Number(inPoll[1]) + 1}, ${inPoll[2]!.replace(/[._]/g, " ")}: ${detail}` };
  const label = FIELD_LABELS[field];
  if (!label || detail === null) return { ...at, error: error.message };
  return { ...at, error: /^(must|is|are|should|cannot|not) /.test(detail) ? `${label} ${detail}` : `${label}: ${detail}` };
}
