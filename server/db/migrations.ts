import { sql, type Kysely } from 'kysely'
import type { Migration, MigrationProvider } from 'kysely/migration'

/**
 * Versioned migrations, in code so they ship with the server and run at start. Never edit a released
 * migration: add a new one.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('firstname', 'text', (c) => c.notNull())
        .addColumn('lastname', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('ACTIF','PROSPECT','DESACTIVE')`),
        )
        .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute()

      await db.schema
        .createTable('password_tokens')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute()
      await db.schema
        .createIndex('password_tokens_user_idx')
        .on('password_tokens')
        .column('user_id')
        .execute()

      await db.schema
        .createTable('categories')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('icon', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('categories_label_key')
        .on('categories')
        .unique()
        .expression(sql`lower(label)`)
        .execute()

      await db.schema
        .createTable('partners')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('search_name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('siren', 'text')
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('lat', 'double precision', (c) => c.notNull())
        .addColumn('lng', 'double precision', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('representative_first_name', 'text')
        .addColumn('representative_last_name', 'text')
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('ACTIF','PROSPECT','DESACTIVE')`),
        )
        .addColumn('rating', 'double precision')
        .addColumn('user_ratings_total', 'integer')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute()
      await db.schema
        .createIndex('partners_status_name_idx')
        .on('partners')
        .columns(['status', 'search_name', 'id'])
        .execute()
      await db.schema
        .createIndex('partners_city_idx')
        .on('partners')
        .expression(sql`lower(city)`)
        .execute()
      await db.schema.createIndex('partners_lat_lng_idx').on('partners').columns(['lat', 'lng']).execute()
      // Trigram index so "name contains" stays fast on large directories (pg_trgm is a trusted extension).
      await sql`create extension if not exists pg_trgm with schema public`.execute(db)
      await sql`create index partners_search_name_trgm on partners using gin (search_name public.gin_trgm_ops)`.execute(
        db,
      )

      await db.schema
        .createTable('partner_categories')
        .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
        .addColumn('category_id', 'integer', (c) =>
          c.notNull().references('categories.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('partner_categories_pk', ['partner_id', 'category_id'])
        .execute()
      await db.schema
        .createIndex('partner_categories_category_idx')
        .on('partner_categories')
        .columns(['category_id', 'partner_id'])
        .execute()

      await db.schema
        .createTable('images')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('partner_id', 'integer', (c) => c.references('partners.id').onDelete('cascade'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute()
      await db.schema.createIndex('images_partner_idx').on('images').column('partner_id').execute()

      await db.schema
        .createTable('articles')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('PUBLISHED','DRAFT')`))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('image_id', 'text', (c) => c.references('images.id').onDelete('set null'))
        .addColumn('link_text', 'text')
        .addColumn('link_url', 'text')
        .addColumn('link_target', 'text')
        .execute()
      await db.schema
        .createIndex('articles_position_idx')
        .on('articles')
        .columns(['position', 'id'])
        .execute()

      await db.schema
        .createTable('offers')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
        .addColumn('libelle', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('ENABLED','DISABLED')`))
        .addColumn('expiration_date', 'date')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute()
      await db.schema.createIndex('offers_partner_idx').on('offers').columns(['partner_id', 'id']).execute()

      await db.schema
        .createTable('used_coupons')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('offer_id', 'integer', (c) => c.notNull().references('offers.id').onDelete('cascade'))
        .addColumn('used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        // The unique pair is what makes "use a coupon" atomic under concurrency.
        .addPrimaryKeyConstraint('used_coupons_pk', ['user_id', 'offer_id'])
        .execute()
      await db.schema.createIndex('used_coupons_offer_idx').on('used_coupons').column('offer_id').execute()

      await db.schema
        .createTable('app_meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute()
    },
  },

  '0002_search_knn': {
    async up(db: Kysely<unknown>) {
      // Nearest-first search walks a GiST index instead of sorting every active partner. cube is trusted
      // on PostgreSQL 13+ (the database owner may create it) and ships with PGlite.
      await sql`create extension if not exists cube with schema public`.execute(db)
      // A point on the unit sphere. Not earthdistance's ll_to_earth: on PostgreSQL 15 (earthdistance 1.1) its
      // body names cube functions unqualified, so with search_path '' (autovacuum's ANALYZE, pg_restore) the
      // index expression fails. A SQL-standard body is resolved once, here, and is still inlined by the planner.
      await sql`
        create function geo_point(lat double precision, lng double precision) returns public.cube
        language sql immutable strict parallel safe
        return public.cube(
          public.cube(public.cube(cos(radians(lat)) * cos(radians(lng))), cos(radians(lat)) * sin(radians(lng))),
          sin(radians(lat)))`.execute(db)
      // Chord distance (<->) orders as the great-circle distance does; only active partners are searched.
      await sql`create index partners_geo_knn on partners using gist (geo_point(lat, lng)) where status = 'ACTIF'`.execute(
        db,
      )
    },
  },
  '0003_shared_state': {
    async up(db: Kysely<unknown>) {
      // Image bytes live in the database so every instance serves every image and one dump is a full backup.
      // Null only for a row whose file still waits on disk to be imported at start (stores from before 0003).
      await sql`alter table images add column data bytea`.execute(db)

      // Transactional outbox: a mail is written in the transaction of the change that causes it, then sent by
      // whichever instance claims it (for update skip locked, with a lease), retried with backoff.
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('locked_until', 'timestamptz')
        .addColumn('sent_at', 'timestamptz')
        .addColumn('last_error', 'text')
        .execute()
      await sql`create index mail_outbox_pending_idx on mail_outbox (next_attempt_at) where sent_at is null`.execute(
        db,
      )

      // Counters shared by every instance: sign-in lockout and per-address limits (atomic upserts, expiry).
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('window_ends_at', 'timestamptz', (c) => c.notNull())
        .addColumn('locked_until', 'timestamptz')
        // Locks in a row within the window: each one lasts twice the previous.
        .addColumn('strikes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema
        .createIndex('rate_limits_window_idx')
        .on('rate_limits')
        .column('window_ends_at')
        .execute()
    },
  },
  '0004_read_path': {
    async up(db: Kysely<unknown>) {
      // The search's category filter reads this copy in the partner's own row (`category_ids @> array[id]`)
      // instead of probing partner_categories once per candidate; the GIN index serves it when the category
      // is the selective part. partner_categories stays the source of truth (order, foreign keys).
      await sql`alter table partners add column category_ids integer[] not null default '{}'`.execute(db)
      await sql`
        update partners p set category_ids = c.ids
        from (select partner_id, array_agg(category_id order by position, category_id) as ids
              from partner_categories group by partner_id) c
        where c.partner_id = p.id`.execute(db)
      await sql`create index partners_category_ids_gin on partners using gin (category_ids)`.execute(db)
      // Kept in step by the database on every write to partner_categories (the service's savePartner, seeds,
      // a category's cascade delete): statement-level, so a bulk insert updates each partner once.
      // Unqualified names: resolved at run time through the connection's search_path (DATABASE_SCHEMA).
      // A partner whose ids did not change (links deleted and inserted again as they were) is not rewritten.
      const refresh = (changed: string) => `
        update partners p set category_ids = x.ids
        from (select c.partner_id,
                     coalesce(array_agg(pc.category_id order by pc.position, pc.category_id)
                              filter (where pc.category_id is not null), '{}') as ids
              from (select distinct partner_id from ${changed}) c
              left join partner_categories pc on pc.partner_id = c.partner_id
              group by c.partner_id) x
        where p.id = x.partner_id and p.category_ids is distinct from x.ids;`
      await sql
        .raw(
          `create function partner_category_ids_sync() returns trigger language plpgsql as $$
          begin
            if tg_op <> 'DELETE' then ${refresh('new_rows')} end if;
            if tg_op <> 'INSERT' then ${refresh('old_rows')} end if;
            return null;
          end
          $$`,
        )
        .execute(db)
      // Transition tables allow one event per trigger.
      await sql`create trigger partner_categories_ids_insert after insert on partner_categories
        referencing new table as new_rows for each statement execute function partner_category_ids_sync()`.execute(
        db,
      )
      await sql`create trigger partner_categories_ids_update after update on partner_categories
        referencing old table as old_rows new table as new_rows
        for each statement execute function partner_category_ids_sync()`.execute(db)
      await sql`create trigger partner_categories_ids_delete after delete on partner_categories
        referencing old table as old_rows for each statement execute function partner_category_ids_sync()`.execute(
        db,
      )

      // Reference data (cities, categories, published articles) is answered from a per-instance cache and an
      // ETag while its source's version is unchanged: one primary-key read per request instead of the query.
      // Bumped by any write to the source, from any instance or tool, in the writer's own transaction.
      await sql`create table reference_versions (name text primary key, version bigint not null default 0)`.execute(
        db,
      )
      await sql`insert into reference_versions (name) values ('partners'), ('categories'), ('articles')`.execute(
        db,
      )
      // Only when rows changed: a statement that matched nothing (a DELETE of an unknown id) changes nothing.
      await sql`
        create function bump_reference_version() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' or tg_op = 'UPDATE' then
            if not exists (select 1 from new_rows) then return null; end if;
          elsif tg_op = 'DELETE' then
            if not exists (select 1 from old_rows) then return null; end if;
          end if;
          update reference_versions set version = version + 1 where name = tg_argv[0];
          return null;
        end
        $$`.execute(db)
      for (const [table, source] of [
        ['partners', 'partners'],
        ['categories', 'categories'],
        ['articles', 'articles'],
        // An article's image is read with it.
        ['images', 'articles'],
      ]) {
        // Transition tables allow one event per trigger.
        for (const [event, rows] of [
          ['insert', 'new table as new_rows'],
          ['update', 'new table as new_rows'],
          ['delete', 'old table as old_rows'],
        ])
          await sql
            .raw(
              `create trigger ${table}_reference_version_${event} after ${event} on ${table}
               referencing ${rows} for each statement execute function bump_reference_version('${source}')`,
            )
            .execute(db)
        await sql
          .raw(
            `create trigger ${table}_reference_version_truncate after truncate on ${table}
             for each statement execute function bump_reference_version('${source}')`,
          )
          .execute(db)
      }
    },
  },
  '0005_favorites_and_offer_uses': {
    async up(db: Kysely<unknown>) {
      // A user's favourite partners, newest first in their list; a deactivated partner stays here (and comes back
      // to the list when reactivated) but is filtered out when read.
      await db.schema
        .createTable('favorites')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id').onDelete('cascade'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'partner_id'])
        .execute()
      await db.schema
        .createIndex('favorites_user_created_idx')
        .on('favorites')
        .columns(['user_id', 'created_at'])
        .execute()
      await db.schema.createIndex('favorites_partner_idx').on('favorites').column('partner_id').execute()

      // used_coupons holds what is used now (its primary key makes a use atomic) and loses the row when an
      // administrator reactivates the coupon; offer_uses keeps every use and when it was reactivated.
      await db.schema
        .createTable('offer_uses')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('offer_id', 'integer', (c) => c.notNull().references('offers.id').onDelete('cascade'))
        .addColumn('used_at', 'timestamptz', (c) => c.notNull())
        .addColumn('reactivated_at', 'timestamptz')
        .execute()
      await db.schema
        .createIndex('offer_uses_user_used_idx')
        .on('offer_uses')
        .columns(['user_id', 'used_at'])
        .execute()
      await db.schema.createIndex('offer_uses_offer_idx').on('offer_uses').column('offer_id').execute()
      await sql`insert into offer_uses (user_id, offer_id, used_at) select user_id, offer_id, used_at from used_coupons`.execute(
        db,
      )
      // Kept by the database on every write to used_coupons, whichever code path (API, SQL, restore) makes it,
      // in the writer's own transaction. Unqualified names resolve through the search_path (DATABASE_SCHEMA).
      await sql`
        create function record_offer_use() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            insert into offer_uses (user_id, offer_id, used_at) values (new.user_id, new.offer_id, new.used_at);
          else
            update offer_uses set reactivated_at = now()
            where user_id = old.user_id and offer_id = old.offer_id and reactivated_at is null;
          end if;
          return null;
        end
        $$`.execute(db)
      await sql`create trigger used_coupons_history after insert or delete on used_coupons
        for each row execute function record_offer_use()`.execute(db)
    },
  },
  '0006_image_variants': {
    async up(db: Kysely<unknown>) {
      // The original's size (reserved space, aspect ratio) and the widths whose AVIF and WebP copies exist,
      // read with the image so the wire format lists them without another query. Null until the variants are
      // written: at upload, or by the start-up backfill for images stored before this migration.
      await sql`alter table images add column width integer, add column height integer,
        add column variant_widths integer[], add column variants_lease timestamptz`.execute(db)
      await sql`create table image_variants (
        image_id text not null references images(id) on delete cascade,
        width integer not null,
        format text not null check (format in ('avif', 'webp')),
        data bytea not null,
        primary key (image_id, width, format))`.execute(db)
      await sql`create index images_variants_pending_idx on images (id) where variant_widths is null`.execute(
        db,
      )
    },
  },
  '0007_audit_log': {
    async up(db: Kysely<unknown>) {
      // Who changed what in the back-office. The administrator is a snapshot (id, name, e-mail) without a
      // foreign key: an entry outlives the account. Written by the services in the write's own transaction.
      await sql`create table audit_log (
        id bigserial primary key,
        created_at timestamptz not null default now(),
        actor_id integer,
        actor_name text not null,
        actor_email text not null,
        action text not null,
        target_type text not null,
        target_id text,
        target_label text,
        motif text,
        before jsonb,
        after jsonb)`.execute(db)
      // Newest first, overall and per administrator or kind (the Journal's filters).
      await sql`create index audit_log_created_idx on audit_log (created_at desc, id desc)`.execute(db)
      await sql`create index audit_log_actor_idx on audit_log (actor_id, created_at desc, id desc)`.execute(
        db,
      )
      await sql`create index audit_log_action_idx on audit_log (action, created_at desc, id desc)`.execute(db)
      // The log is append-only whatever the code path: the database itself refuses changes and deletions.
      await sql`
        create function audit_log_append_only() returns trigger language plpgsql as $$
        begin
          raise exception 'Le journal d''audit ne peut être ni modifié ni supprimé.';
        end
        $$`.execute(db)
      await sql`create trigger audit_log_no_change before update or delete on audit_log
        for each row execute function audit_log_append_only()`.execute(db)
      await sql`create trigger audit_log_no_truncate before truncate on audit_log
        for each statement execute function audit_log_append_only()`.execute(db)

      // The back-office lists sort on these at 10,000 rows and more: an index per sort key, id breaking ties.
      await sql`create index partners_name_sort_idx on partners (search_name, id)`.execute(db)
      await sql`create index partners_city_sort_idx
        on partners (translate(lower(city), 'àâäéèêëîïôöùûüÿç', 'aaaeeeeiioouuuyc'), id)`.execute(db)
      await sql`create index partners_updated_sort_idx on partners (updated_at, id)`.execute(db)
      await sql`create index users_name_sort_idx on users (lower(lastname), lower(firstname), id)`.execute(db)
      await sql`create index users_email_sort_idx on users (lower(email), id)`.execute(db)
    },
  },
  '0008_search_speed': {
    async up(db: Kysely<unknown>) {
      // The name-ordered search (no userPosition) walks active partners by name and drops those outside the
      // filters: 3,500 rows for a map box + category at 100k partners, one heap page visit each (24 ms at load
      // 14). With the filtered columns in the index, the page's ids come from an index-only scan that tests them
      // in the index (0.65 ms, no heap visit once vacuum has marked the pages all-visible); the 50 rows are then
      // read by id. city for lower(city) = …, category_ids for the category filter.
      await sql`create index partners_active_name_cover on partners (search_name, id)
        include (lat, lng, category_ids, city) where status = 'ACTIF'`.execute(db)
      // A name searched nearest first (userPosition + name) walked partners_geo_knn and dropped the ones whose
      // name did not match: 1,165 heap rows for 'boul' around Lyon. With the name's trigrams as a second column
      // of a KNN index, the match is an index condition tested during the walk (2.0 → 0.55 ms). The first
      // column and predicate are partners_geo_knn's, which stays for searches without a name (smaller).
      // lower(search_name), the same text (already lower case), so that only the search's nearest-first
      // statement names it: a name alone stays on partners_search_name_trgm (GIN), far cheaper for it.
      await sql`create index partners_geo_name_knn on partners
        using gist (geo_point(lat, lng), lower(search_name) public.gist_trgm_ops) where status = 'ACTIF'`.execute(
        db,
      )
    },
  },
  '0009_search_cards': {
    async up(db: Kysely<unknown>) {
      // A search page read three relations per row (first image, usable offers, categories): 150 index probes
      // and 150 JSON builds for 50 partners, most of the statement's execution. What a list shows of a
      // partner's photo and offers is now kept in its own row, as category_ids is (migration 0004): the oldest
      // image, and the ENABLED offers in the list's order with their expiry (whether one has expired is decided
      // when read, against current_date). json, not jsonb: returned as stored, without a conversion per read.
      await sql`alter table partners add column list_image json,
        add column list_offers json not null default '[]'`.execute(db)
      // Recomputes the copies of the given partners; a row whose copies did not change is not rewritten.
      // Unqualified names: resolved at run time through the connection's search_path (DATABASE_SCHEMA).
      await sql`
        create function partner_list_refresh(ids integer[]) returns void language plpgsql as $$
        begin
          update partners p set list_image = x.image, list_offers = x.offers
          from (select q.id,
                  (select json_build_object('id', i.id, 'type', i.type, 'file_name', i.file_name,
                            'width', i.width, 'height', i.height, 'variant_widths', i.variant_widths)
                   from images i where i.partner_id = q.id order by i.created_at, i.id limit 1) as image,
                  coalesce((select json_agg(json_build_object('id', o.id, 'libelle', o.libelle,
                              'expirationDate', to_char(o.expiration_date, 'YYYY-MM-DD'))
                            order by o.expiration_date asc nulls last, o.id)
                   from offers o where o.partner_id = q.id and o.status = 'ENABLED'), '[]'::json) as offers
                from unnest(ids) as q(id)) x
          where p.id = x.id
            and (p.list_image::text is distinct from x.image::text or p.list_offers::text <> x.offers::text);
        end
        $$`.execute(db)
      // Statement-level with transition tables, as 0004's triggers: a bulk write refreshes each partner once,
      // whichever writer made it (services, seeds, cascades, the image variants' backfill, SQL by hand).
      await sql`
        create function partner_list_sync() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            perform partner_list_refresh(array(select distinct partner_id from new_rows where partner_id is not null));
          elsif tg_op = 'DELETE' then
            perform partner_list_refresh(array(select distinct partner_id from old_rows where partner_id is not null));
          else
            perform partner_list_refresh(array(
              select partner_id from new_rows where partner_id is not null
              union select partner_id from old_rows where partner_id is not null));
          end if;
          return null;
        end
        $$`.execute(db)
      for (const table of ['images', 'offers']) {
        // Transition tables allow one event per trigger.
        for (const [event, rows] of [
          ['insert', 'new table as new_rows'],
          ['delete', 'old table as old_rows'],
        ])
          await sql
            .raw(
              `create trigger ${table}_partner_list_${event} after ${event} on ${table}
               referencing ${rows} for each statement execute function partner_list_sync()`,
            )
            .execute(db)
      }
      await sql`create trigger offers_partner_list_update after update on offers
        referencing old table as old_rows new table as new_rows
        for each statement execute function partner_list_sync()`.execute(db)
      // Images are updated one at a time and mostly in columns a list does not show: their bytes when a store
      // from before 0003 is imported at start, the variants' lease during the backfill. A row trigger that
      // fires only when a shown column changed, rather than a statement trigger whose transition tables copy
      // every updated row with its bytes (a store's first start took 6 s longer with it).
      await sql`
        create function partner_list_sync_image() returns trigger language plpgsql as $$
        begin
          perform partner_list_refresh(array[old.partner_id, new.partner_id]);
          return null;
        end
        $$`.execute(db)
      await sql`create trigger images_partner_list_update after update on images for each row
        when (old.partner_id is distinct from new.partner_id or old.created_at is distinct from new.created_at
          or old.type is distinct from new.type or old.file_name is distinct from new.file_name
          or old.width is distinct from new.width or old.height is distinct from new.height
          or old.variant_widths is distinct from new.variant_widths)
        execute function partner_list_sync_image()`.execute(db)
      await sql`select partner_list_refresh(array(select id from partners))`.execute(db)

      // Nearest first with a city or a category, the walk of partners_geo_knn dropped the rows that did not
      // match after reading each one: 599 heap rows for category 3 around Paris (766 pages); with a city and
      // a category the planner ANDed two bitmaps and sorted (579 pages). Both filters as further columns of a
      // KNN index are tested during the walk: 177 and 99 pages. The category ids as a tsvector of their
      // decimal text (built in, exact lexemes: '3' never matches '13'), since GiST has no operator class for
      // integer arrays without the intarray extension; the city through pg_trgm's equality (1.6).
      await sql`create index partners_geo_filter_knn on partners using gist (geo_point(lat, lng),
        lower(city) public.gist_trgm_ops, array_to_tsvector(category_ids::text[])) where status = 'ACTIF'`.execute(
        db,
      )
    },
  },
  '0010_search_wire': {
    async up(db: Kysely<unknown>) {
      // A search page is written as the wire's JSON text by its statement (server/services/partnerWire.ts).
      // Building the list photo's text there (its variants by regexp, row by row) was a quarter of the page's
      // planning and execution: it is kept written in the row beside list_image, by the same refresh. The
      // text is toWireImage's (server/services/images.ts), byte for byte; a change to the wire's image needs
      // a migration that refreshes this column.
      await sql`alter table partners add column list_image_wire text`.execute(db)
      await sql`
        create or replace function partner_list_refresh(ids integer[]) returns void language plpgsql as $$
        begin
          update partners p set list_image = x.image, list_image_wire = x.image_wire, list_offers = x.offers
          from (select q.id,
                  (select json_build_object('id', i.id, 'type', i.type, 'file_name', i.file_name,
                            'width', i.width, 'height', i.height, 'variant_widths', i.variant_widths)
                   from images i where i.partner_id = q.id order by i.created_at, i.id limit 1) as image,
                  (select concat('{"id":', to_json(i.id)::text, ',"type":', to_json(i.type)::text,
                            ',"url":', to_json('/uploads/' || i.file_name)::text,
                            ',"width":', coalesce(i.width::text, 'null'), ',"height":', coalesce(i.height::text, 'null'),
                            ',"variants":[', concat_ws(',',
                              regexp_replace(nullif(array_to_string(i.variant_widths, ','), ''), '(\\d+)',
                                concat('{"width":\\1,"type":"image/avif","url":"/uploads/', i.id, '-\\1.avif"}'), 'g'),
                              regexp_replace(nullif(array_to_string(i.variant_widths, ','), ''), '(\\d+)',
                                concat('{"width":\\1,"type":"image/webp","url":"/uploads/', i.id, '-\\1.webp"}'), 'g')),
                            ']}')
                   from images i where i.partner_id = q.id order by i.created_at, i.id limit 1) as image_wire,
                  coalesce((select json_agg(json_build_object('id', o.id, 'libelle', o.libelle,
                              'expirationDate', to_char(o.expiration_date, 'YYYY-MM-DD'))
                            order by o.expiration_date asc nulls last, o.id)
                   from offers o where o.partner_id = q.id and o.status = 'ENABLED'), '[]'::json) as offers
                from unnest(ids) as q(id)) x
          where p.id = x.id
            and (p.list_image::text is distinct from x.image::text or p.list_offers::text <> x.offers::text
              or p.list_image_wire is distinct from x.image_wire);
        end
        $$`.execute(db)
      await sql`select partner_list_refresh(array(select id from partners where list_image is not null))`.execute(
        db,
      )
    },
  },
  '0011_search_offers_wire': {
    async up(db: Kysely<unknown>) {
      // A search row's offers were decoded from list_offers (json_to_recordset) and written again as text
      // for every row of every page: a third of the page's execution (bench's first search, offers cut out:
      // 1.37 -> 0.95 ms). Their text is now kept in the row as well, written with every offer ENABLED, beside
      // the earliest expiry and the ids: a search sends it as is when none has expired and the viewer used
      // none (the usual case), and otherwise builds it from list_offers as before. The text is offerWire's in
      // server/services/partnerWire.ts, byte for byte; a change to the wire's offer needs a migration that
      // refreshes these columns.
      await sql`alter table partners add column list_offers_wire text, add column list_offers_until date,
        add column list_offer_ids integer[]`.execute(db)
      await sql`
        create or replace function partner_list_refresh(ids integer[]) returns void language plpgsql as $$
        begin
          update partners p set list_image = x.image, list_image_wire = x.image_wire, list_offers = x.offers,
            list_offers_wire = x.offers_wire, list_offers_until = x.offers_until, list_offer_ids = x.offer_ids
          from (select q.id,
                  (select json_build_object('id', i.id, 'type', i.type, 'file_name', i.file_name,
                            'width', i.width, 'height', i.height, 'variant_widths', i.variant_widths)
                   from images i where i.partner_id = q.id order by i.created_at, i.id limit 1) as image,
                  (select concat('{"id":', to_json(i.id)::text, ',"type":', to_json(i.type)::text,
                            ',"url":', to_json('/uploads/' || i.file_name)::text,
                            ',"width":', coalesce(i.width::text, 'null'), ',"height":', coalesce(i.height::text, 'null'),
                            ',"variants":[', concat_ws(',',
                              regexp_replace(nullif(array_to_string(i.variant_widths, ','), ''), '(\\d+)',
                                concat('{"width":\\1,"type":"image/avif","url":"/uploads/', i.id, '-\\1.avif"}'), 'g'),
                              regexp_replace(nullif(array_to_string(i.variant_widths, ','), ''), '(\\d+)',
                                concat('{"width":\\1,"type":"image/webp","url":"/uploads/', i.id, '-\\1.webp"}'), 'g')),
                            ']}')
                   from images i where i.partner_id = q.id order by i.created_at, i.id limit 1) as image_wire,
                  coalesce(ow.offers, '[]'::json) as offers, ow.offers_wire, ow.offers_until, ow.offer_ids
                from unnest(ids) as q(id)
                cross join lateral (
                  select json_agg(json_build_object('id', o.id, 'libelle', o.libelle,
                           'expirationDate', to_char(o.expiration_date, 'YYYY-MM-DD'))
                         order by o.expiration_date asc nulls last, o.id) as offers,
                    '[' || coalesce(string_agg(concat('{"id":{"id":', o.id, '},"libelle":', to_json(o.libelle)::text,
                             ',"status":"ENABLED","expirationDate":',
                             coalesce(to_json(to_char(o.expiration_date, 'YYYY-MM-DD'))::text, 'null'), '}'),
                           ',' order by o.expiration_date asc nulls last, o.id), '') || ']' as offers_wire,
                    min(o.expiration_date) as offers_until,
                    coalesce(array_agg(o.id order by o.id), '{}') as offer_ids
                  from offers o where o.partner_id = q.id and o.status = 'ENABLED') ow) x
          where p.id = x.id
            and (p.list_image::text is distinct from x.image::text or p.list_offers::text <> x.offers::text
              or p.list_image_wire is distinct from x.image_wire or p.list_offers_wire is distinct from x.offers_wire
              or p.list_offers_until is distinct from x.offers_until or p.list_offer_ids is distinct from x.offer_ids);
        end
        $$`.execute(db)
      await sql`select partner_list_refresh(array(select id from partners))`.execute(db)
    },
  },
  '0012_search_list_image': {
    async up(db: Kysely<unknown>) {
      // A search result's photo is a ListImage (contract/schemas.ts): its variants' widths, not their six URLs,
      // which were half of a result's bytes (the app builds them, contract/images.ts). list_image_wire is
      // toListImage's text (server/services/images.ts), byte for byte; the rest of the refresh is 0011's.
      await sql`
        create or replace function partner_list_refresh(ids integer[]) returns void language plpgsql as $$
        begin
          update partners p set list_image = x.image, list_image_wire = x.image_wire, list_offers = x.offers,
            list_offers_wire = x.offers_wire, list_offers_until = x.offers_until, list_offer_ids = x.offer_ids
          from (select q.id,
                  (select json_build_object('id', i.id, 'type', i.type, 'file_name', i.file_name,
                            'width', i.width, 'height', i.height, 'variant_widths', i.variant_widths)
                   from images i where i.partner_id = q.id order by i.created_at, i.id limit 1) as image,
                  (select concat('{"id":', to_json(i.id)::text, ',"type":', to_json(i.type)::text,
                            ',"url":', to_json('/uploads/' || i.file_name)::text,
                            ',"width":', coalesce(i.width::text, 'null'), ',"height":', coalesce(i.height::text, 'null'),
                            ',"variantWidths":[', array_to_string(i.variant_widths, ','), ']}')
                   from images i where i.partner_id = q.id order by i.created_at, i.id limit 1) as image_wire,
                  coalesce(ow.offers, '[]'::json) as offers, ow.offers_wire, ow.offers_until, ow.offer_ids
                from unnest(ids) as q(id)
                cross join lateral (
                  select json_agg(json_build_object('id', o.id, 'libelle', o.libelle,
                           'expirationDate', to_char(o.expiration_date, 'YYYY-MM-DD'))
                         order by o.expiration_date asc nulls last, o.id) as offers,
                    '[' || coalesce(string_agg(concat('{"id":{"id":', o.id, '},"libelle":', to_json(o.libelle)::text,
                             ',"status":"ENABLED","expirationDate":',
                             coalesce(to_json(to_char(o.expiration_date, 'YYYY-MM-DD'))::text, 'null'), '}'),
                           ',' order by o.expiration_date asc nulls last, o.id), '') || ']' as offers_wire,
                    min(o.expiration_date) as offers_until,
                    coalesce(array_agg(o.id order by o.id), '{}') as offer_ids
                  from offers o where o.partner_id = q.id and o.status = 'ENABLED') ow) x
          where p.id = x.id
            and (p.list_image::text is distinct from x.image::text or p.list_offers::text <> x.offers::text
              or p.list_image_wire is distinct from x.image_wire or p.list_offers_wire is distinct from x.offers_wire
              or p.list_offers_until is distinct from x.offers_until or p.list_offer_ids is distinct from x.offer_ids);
        end
        $$`.execute(db)
      await sql`select partner_list_refresh(array(select id from partners where list_image is not null))`.execute(
        db,
      )
    },
  },

  '0013_search_row_head': {
    async up(db: Kysely<unknown>) {
      // A search row's JSON text from "partnerId" to "status" (its own fields and its categories) was written
      // again by every search, for each of its 50 rows: with the offers' and photo's texts already kept, that
      // writing was still half of the statement's CPU in PostgreSQL (2.65 ms as served,
      // 0.8 ms with ids instead of text, first bench search). It is kept in the row, written by the database
      // on every insert and on every update of the fields it holds (category_ids included, which 0004's
      // triggers keep in step), and again when a category's label or icon changes. The text is the search
      // wire's (server/services/partnerWire.ts) byte for byte, up to the status's value; a
      // change to those fields on the wire needs a migration that rewrites this function and refreshes the
      // column. Unqualified names: resolved through the connection's search_path (DATABASE_SCHEMA).
      await sql`alter table partners add column list_head text`.execute(db)
      await sql`
        create function partner_list_head(p partners) returns text language sql stable as $$
          select concat('{"partnerId":{"id":', p.id::text, '},"name":', to_json(p.name)::text,
            ',"description":', to_json(p.description)::text,
            ',"siren":', coalesce(to_json(p.siren)::text, 'null'),
            ',"location":{"address":', to_json(p.address)::text, ',"city":', to_json(p.city)::text,
            ',"position":{"lat":', p.lat::text, ',"lng":', p.lng::text, '}}',
            ',"email":', to_json(p.email)::text, ',"phone":', to_json(p.phone)::text,
            ',"representativeFirstName":', coalesce(to_json(p.representative_first_name)::text, 'null'),
            ',"representativeLastName":', coalesce(to_json(p.representative_last_name)::text, 'null'),
            ',"categories":[', (select string_agg(concat('{"id":', c.id::text, ',"label":',
                                  to_json(c.label)::text, ',"icon":', to_json(c.icon)::text, '}'),
                                ',' order by array_position(p.category_ids, c.id))
                              from categories c where c.id = any(p.category_ids)),
            '],"status":', to_json(p.status)::text)
        $$`.execute(db)
      await sql`
        create function partner_list_head_sync() returns trigger language plpgsql as $$
        begin
          new.list_head := partner_list_head(new);
          return new;
        end
        $$`.execute(db)
      // Only the columns the text holds: the list refresh (offers, photo) and the timestamps leave it alone.
      await sql`create trigger partners_list_head before insert or update of id, name, description, siren,
        address, city, lat, lng, email, phone, representative_first_name, representative_last_name, status,
        category_ids on partners for each row execute function partner_list_head_sync()`.execute(db)
      // A category's new label or icon: its partners' texts written again (setting category_ids to itself
      // fires the trigger above).
      await sql`
        create function partner_list_head_category() returns trigger language plpgsql as $$
        begin
          update partners set category_ids = category_ids where category_ids @> array[new.id];
          return null;
        end
        $$`.execute(db)
      await sql`create trigger categories_list_head after update of label, icon on categories for each row
        when (old.label is distinct from new.label or old.icon is distinct from new.icon)
        execute function partner_list_head_category()`.execute(db)
      await sql`update partners set category_ids = category_ids`.execute(db)
      await sql`alter table partners alter column list_head set not null`.execute(db)
    },
  },
  '0014_search_name_split': {
    async up(db: Kysely<unknown>) {
      // A name searched without a position was found through a trigram index of the whole name and every match
      // sorted: cost grew with matches, 6 ms for 'pizzeria du port' (1,224 matches) and 125 ms for 'salle de
      // sport' (37,000) at 1,000,000 partners. The search now reads the names starting with it as a range of
      // the name index, in order, and asks a trigram index only for names holding it after their first
      // character (server/services/search.ts; issue 16's measurements). A range needs an order where
      // a prefix's names are contiguous: code points (collate "C"), also the same on every locale and on PGlite.
      await sql`drop index partners_active_name_cover`.execute(db)
      await sql`create index partners_active_name_cover on partners (search_name collate "C", id)
        include (lat, lng, category_ids, city) where status = 'ACTIF'`.execute(db)
      await sql`drop index partners_search_name_trgm`.execute(db)
      await sql`create index partners_name_infix_trgm on partners
        using gin (substr(search_name, 2) public.gin_trgm_ops) where status = 'ACTIF'`.execute(db)
      // Statistics of that text, so the planner knows how many names hold a text after their first character
      // (without them it guessed 3 % for any 3 letters, and for 'zzz' read the whole name index, 126 ms at
      // 1,000,000 partners, instead of asking the trigram index).
      await sql`create statistics partners_name_infix_stats on (substr(search_name, 2)) from partners`.execute(
        db,
      )
      // Gathered now rather than at autovacuum's next analyze (PGlite has none before the next start).
      await sql`analyze partners`.execute(db)
    },
  },
  '0015_search_name_separators': {
    async up(db: Kysely<unknown>) {
      // normalizeForSearch now reads apostrophes and dashes as spaces (« presqu'ile » typed on a phone finds
      // « Presqu’île », « saint etienne » finds « Saint-Étienne »): the stored names written by the earlier form
      // get the same. Done here from the stored form, whose other steps (lower case, no accents, one space
      // between words, trimmed) are unchanged: these characters become spaces, then runs of spaces one, then
      // the ends trimmed, exactly what the new form gives. The characters are listed here rather than imported
      // so that this migration keeps its meaning whatever becomes of SEARCH_SEPARATORS. The indexes on
      // search_name (partners_active_name_cover, partners_name_infix_trgm, partners_geo_name_knn,
      // partners_name_sort_idx) are expressions of the column: they follow the update.
      const separators = "'’‘ʼ`´-‐‑‒–—―−"
      const spaces = ' '.repeat([...separators].length)
      await sql`update partners
        set search_name = btrim(regexp_replace(translate(search_name, ${separators}, ${spaces}), ' {2,}', ' ', 'g'), ' ')
        where translate(search_name, ${separators}, ${spaces}) <> search_name`.execute(db)
      // The names' statistics (partners_name_infix_stats) as they now are, as migration 0014 gathered them.
      await sql`analyze partners`.execute(db)
    },
  },
  '0016_record_versions': {
    async up(db: Kysely<unknown>) {
      // Optimistic concurrency (server/services/versions.ts): a version each write bumps, the ETag of a GET and
      // the If-Match of a PUT, and who made the last change and when, for the 412's message. Added with a
      // constant default, so no table is rewritten; the rows written before have no author (null).
      await sql`alter table partners add column version integer not null default 1,
        add column updated_by text`.execute(db)
      for (const table of ['users', 'articles'])
        await sql`alter table ${sql.table(table)} add column version integer not null default 1,
          add column updated_at timestamptz, add column updated_by text`.execute(db)
    },
  },
  '0017_audit_log_target': {
    async up(db: Kysely<unknown>) {
      // A record's own history on its consultation page (GET /api/audit?targetType=…&targetId=…), newest first,
      // and the user page's reactivations: read by the index, not by a scan of the whole log.
      await sql`create index audit_log_target_idx
        on audit_log (target_type, target_id, created_at desc, id desc)`.execute(db)
    },
  },
  '0018_audit_log_request_id': {
    async up(db: Kysely<unknown>) {
      // The request that made the write (X-Request-Id, server/requestId.ts), to find its log lines and nginx's
      // access line. Nullable and without default: additive, so the previous release keeps writing entries
      // (without it) while this one runs beside it (ARCHITECTURE.md, "Migrations during a rolling deploy").
      await sql`alter table audit_log add column request_id text`.execute(db)
    },
  },
  '0019_account_rights': {
    async up(db: Kysely<unknown>) {
      // The person's own account (issue 40), additive only so the previous release runs beside this one: the last
      // sign-in and the inactivity warning (the retention job, server/services/retention.ts), the moment an
      // account was erased (its row kept, emptied, so coupon uses and their counts stay), and the e-mail
      // changes waiting for their link.
      await sql`alter table users add column last_sign_in_at timestamptz,
        add column inactivity_warned_at timestamptz,
        add column erased_at timestamptz`.execute(db)
      // Accounts created before this release have no last sign-in: their inactivity counts from today, never
      // from a date the server did not record.
      await sql`insert into app_meta (key, value) values ('account_retention_since', now()::text)
        on conflict (key) do nothing`.execute(db)
      // Not password_tokens: a reset looks its token up by hash alone, and a link sent to a new address must
      // not be usable to set the password.
      await sql`create table email_changes (
        id bigserial primary key,
        user_id integer not null references users (id) on delete cascade,
        old_email text not null,
        new_email text not null,
        token_hash text not null unique,
        expires_at timestamptz not null,
        created_at timestamptz not null default now())`.execute(db)
      await sql`create index email_changes_user_idx on email_changes (user_id)`.execute(db)
      // The Journal stays append-only, except for the two writes the RGPD asks for, which set this flag in
      // their own transaction: removing a deleted person's data from its entries, and deleting entries past
      // their retention. The previous release never sets it, so nothing changes for it.
      await sql`
        create or replace function audit_log_append_only() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') and current_setting('partenaires.audit_maintenance', true) = 'on' then
            if tg_op = 'DELETE' then return old; end if;
            return new;
          end if;
          raise exception 'Le journal d''audit ne peut être ni modifié ni supprimé.';
        end
        $$`.execute(db)
    },
  },
  '0020_offer_use_codes': {
    async up(db: Kysely<unknown>) {
      // Each use carries a short code unique to it, shown to the cashier and checked in the back-office (issue
      // 41). The database writes it, like the use itself (0005's trigger), so every writer gets one: this
      // release, the previous one during a rolling deploy (it knows nothing of codes), SQL and restores. The
      // alphabet leaves out 0/O and 1/I/L (contract/offerUseCode.ts).
      await sql`alter table offer_uses add column code text`.execute(db)
      await sql`
        create function new_offer_use_code() returns text language plpgsql volatile as $$
        declare
          alphabet constant text := '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
          candidate text;
        begin
          loop
            candidate := '';
            for i in 1..6 loop
              candidate := candidate || substr(alphabet, 1 + floor(random() * length(alphabet))::int, 1);
            end loop;
            exit when not exists (select 1 from offer_uses where code = candidate);
          end loop;
          return candidate;
        end
        $$`.execute(db)
      await sql`
        create function offer_use_code_default() returns trigger language plpgsql as $$
        begin
          if new.code is null then new.code := new_offer_use_code(); end if;
          return new;
        end
        $$`.execute(db)
      await sql`create trigger offer_uses_code before insert on offer_uses
        for each row execute function offer_use_code_default()`.execute(db)
      // Uses made before this release get theirs now, one at a time so each sees the codes already given.
      await sql`
        do $$
        declare use_id bigint;
        begin
          for use_id in select id from offer_uses where code is null order by id loop
            update offer_uses set code = new_offer_use_code() where id = use_id;
          end loop;
        end
        $$`.execute(db)
      await sql`alter table offer_uses alter column code set not null`.execute(db)
      await sql`create unique index offer_uses_code_idx on offer_uses (code)`.execute(db)
      // Two uses at the same instant may draw the same free code: the unique index makes the later one wait for
      // the first and fail; the use is then recorded again with a fresh code, inside the writer's transaction.
      await sql`
        create or replace function record_offer_use() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            loop
              begin
                insert into offer_uses (user_id, offer_id, used_at) values (new.user_id, new.offer_id, new.used_at);
                exit;
              exception when unique_violation then
                null; -- the code drawn was taken meanwhile: draw again
              end;
            end loop;
          else
            update offer_uses set reactivated_at = now()
            where user_id = old.user_id and offer_id = old.offer_id and reactivated_at is null;
          end if;
          return null;
        end
        $$`.execute(db)
    },
  },
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}
