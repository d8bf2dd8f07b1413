-- Reserved slot: replace this whole file with the migration.
select 1;
