import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

export interface UsersTable {
  id: Generated<number>
  email: string
  firstname: string
  lastname: string
  password_hash: string | null
  status: string
  is_admin: Generated<boolean>
  /** Bumped on logout, password change, role/status change: tokens carrying an older value are refused. */
  token_version: Generated<number>
  created_at: Timestamp
  /** Optimistic concurrency (migration 0016): bumped by each change, the ETag's source; who and when. */
  version: Generated<number>
  updated_at: NullableTimestamp
  updated_by: string | null
  /** Migration 0019: the last sign-in (null before that release), for the data export and the retention job. */
  last_sign_in_at: NullableTimestamp
  /** When the retention job warned of the account's inactivity; cleared by a sign-in. */
  inactivity_warned_at: NullableTimestamp
  /** When the account was erased (RGPD): the row stays, emptied, so coupon uses and their counts are kept. */
  erased_at: NullableTimestamp
}

/** An e-mail change waiting for the link mailed to the new address (migration 0019). */
export interface EmailChangesTable {
  id: Generated<string>
  user_id: number
  old_email: string
  new_email: string
  token_hash: string
  expires_at: Timestamp
  created_at: Generated<Date>
}

export interface PasswordTokensTable {
  id: Generated<number>
  user_id: number
  token_hash: string
  purpose: string
  expires_at: Timestamp
  used_at: Timestamp | null
  created_at: Timestamp
}

export interface CategoriesTable {
  id: Generated<number>
  label: string
  icon: string
}

export interface PartnersTable {
  id: Generated<number>
  name: string
  /** Lower-case, accent-free copy of name, computed on write, for contains-search on any PostgreSQL. */
  search_name: string
  description: string
  siren: string | null
  address: string
  city: string
  lat: number
  lng: number
  email: string
  phone: string
  representative_first_name: string | null
  representative_last_name: string | null
  status: string
  rating: number | null
  user_ratings_total: number | null
  /** Copy of the partner's partner_categories ids, kept by triggers (migration 0004), for the search filter. */
  category_ids: Generated<number[]>
  /** The oldest image and the ENABLED offers as a search page shows them, kept by triggers (migration 0009). */
  list_image: Generated<unknown>
  /** list_image as the wire's JSON text (toWireImage's), kept by the same refresh (migration 0010). */
  list_image_wire: Generated<string | null>
  list_offers: Generated<unknown>
  /**
   * list_offers as the wire's text with every offer ENABLED, the earliest expiry among them and their ids
   * (migration 0011): a search sends the text as is when none has expired and the viewer used none.
   */
  list_offers_wire: Generated<string | null>
  // Compared in SQL only (PGlite would read it as a Date, PostgreSQL here as text).
  list_offers_until: Generated<unknown>
  list_offer_ids: Generated<number[] | null>
  /** A search row's wire text from "partnerId" to its status's value, written by a trigger (migration 0013). */
  list_head: Generated<string>
  created_at: Timestamp
  updated_at: Timestamp
  /** Optimistic concurrency (migration 0016): bumped by each change of its fields or coupons; who made it. */
  version: Generated<number>
  updated_by: string | null
}

export interface PartnerCategoriesTable {
  partner_id: number
  category_id: number
  position: number
}

export interface ImagesTable {
  id: string
  type: string
  file_name: string
  partner_id: number | null
  created_at: Timestamp
  /** The WebP bytes; null only while a pre-0003 file waits on disk to be imported at start. */
  data: Uint8Array | null
  /** The original's size in pixels; null until its variants are written (migration 0005). */
  width: number | null
  height: number | null
  /** Widths present in image_variants in both formats; null until written, [] when none could be made. */
  variant_widths: number[] | null
  /** Until when an instance's start-up backfill holds this image (so instances do not encode it twice). */
  variants_lease: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** Smaller copies of an image for srcset (migration 0005). */
export interface ImageVariantsTable {
  image_id: string
  width: number
  format: 'avif' | 'webp'
  data: Uint8Array
}

export interface ArticlesTable {
  id: Generated<number>
  title: string
  status: string
  position: number
  image_id: string | null
  link_text: string | null
  link_url: string | null
  link_target: string | null
  /** Optimistic concurrency (migration 0016): bumped by each change; who and when. */
  version: Generated<number>
  updated_at: NullableTimestamp
  updated_by: string | null
}

export interface OffersTable {
  id: Generated<number>
  partner_id: number
  libelle: string
  status: string
  /** Stored as a date; always read back through to_char(..., 'YYYY-MM-DD') to avoid time-zone shifts. */
  expiration_date: ColumnType<Date | string | null, string | null, string | null>
  created_at: Timestamp
}

export interface UsedCouponsTable {
  user_id: number
  offer_id: number
  used_at: Timestamp
}

export interface FavoritesTable {
  user_id: number
  partner_id: number
  created_at: Timestamp
}

/** Every use of a coupon, kept when an administrator reactivates it (migration 0005's trigger writes it). */
export interface OfferUsesTable {
  id: Generated<string>
  user_id: number
  offer_id: number
  used_at: Timestamp
  reactivated_at: Timestamp | null
  /** Unique, written by the database on insert (migration 0020). */
  code: Generated<string>
}

export interface AppMetaTable {
  key: string
  value: string
}

export interface MailOutboxTable {
  id: Generated<string>
  recipient: string
  subject: string
  text_body: string
  html_body: string
  created_at: Timestamp
  attempts: Generated<number>
  next_attempt_at: Timestamp
  locked_until: Timestamp | null
  sent_at: Timestamp | null
  last_error: string | null
}

export interface RateLimitsTable {
  key: string
  hits: number
  window_ends_at: Timestamp
  locked_until: Timestamp | null
  strikes: Generated<number>
}

/** Versions of the reference data's sources, bumped by triggers (migration 0004). */
export interface ReferenceVersionsTable {
  name: 'partners' | 'categories' | 'articles'
  version: Generated<string>
}

export interface AuditLogTable {
  id: Generated<string>
  created_at: Generated<Date>
  actor_id: number | null
  actor_name: string
  actor_email: string
  action: string
  target_type: string
  target_id: string | null
  target_label: string | null
  motif: string | null
  before: unknown
  after: unknown
  /** The request that made the write (migration 0018); null for entries written before it. */
  request_id: string | null
}

export interface Database {
  audit_log: AuditLogTable
  users: UsersTable
  password_tokens: PasswordTokensTable
  email_changes: EmailChangesTable
  categories: CategoriesTable
  partners: PartnersTable
  partner_categories: PartnerCategoriesTable
  images: ImagesTable
  image_variants: ImageVariantsTable
  articles: ArticlesTable
  offers: OffersTable
  used_coupons: UsedCouponsTable
  favorites: FavoritesTable
  offer_uses: OfferUsesTable
  app_meta: AppMetaTable
  mail_outbox: MailOutboxTable
  rate_limits: RateLimitsTable
  reference_versions: ReferenceVersionsTable
}

export type UserRow = Selectable<UsersTable>
export type NewPartner = Insertable<PartnersTable>
