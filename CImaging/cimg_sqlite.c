/*
 * SQLite shim: the handful of sqlite3 calls the catalog uses, behind opaque
 * handles, so that sqlite3.h stays out of Swift. SQLite reports errors by
 * return code (no longjmp); codes pass through unchanged (extended result
 * codes are on) and messages come from sqlite3_errmsg.
 * Related documentation: https://sqlite.org/c3ref/intro.html
 */
#include "cimg_internal.h"

#include <string.h>

#include <sqlite3.h>

_Static_assert(CIMG_SQL_OK == SQLITE_OK, "result codes pass through");
_Static_assert(CIMG_SQL_ROW == SQLITE_ROW, "result codes pass through");
_Static_assert(CIMG_SQL_DONE == SQLITE_DONE, "result codes pass through");
_Static_assert(CIMG_SQL_BUSY == SQLITE_BUSY, "result codes pass through");
_Static_assert(CIMG_SQL_INTEGER == SQLITE_INTEGER && CIMG_SQL_FLOAT == SQLITE_FLOAT && CIMG_SQL_TEXT == SQLITE_TEXT
               && CIMG_SQL_BLOB == SQLITE_BLOB && CIMG_SQL_NULL == SQLITE_NULL, "column types pass through");

static sqlite3 *db_of(cimg_db *db) { return (sqlite3 *)db; }
static sqlite3_stmt *stmt_of(cimg_stmt *stmt) { return (sqlite3_stmt *)stmt; }

int cimg_db_open(const char *path, int flags, int busy_timeout_ms, cimg_db **out, int *system_errno,
                 cimg_error *error) {
    sqlite3 *db = NULL;
    int open_flags = SQLITE_OPEN_NOMUTEX | ((flags & CIMG_DB_URI) ? SQLITE_OPEN_URI : 0);
    if (flags & CIMG_DB_READ_ONLY) {
        open_flags |= SQLITE_OPEN_READONLY;
    } else {
        open_flags |= SQLITE_OPEN_READWRITE | ((flags & CIMG_DB_CREATE) ? SQLITE_OPEN_CREATE : 0);
    }
    if (system_errno != NULL) *system_errno = 0;
    int code = sqlite3_open_v2(path, &db, open_flags, NULL);
    if (code != SQLITE_OK) {
        cimg_fail(error, code, "%s", db ? sqlite3_errmsg(db) : sqlite3_errstr(code));
        if (system_errno != NULL && db != NULL) *system_errno = sqlite3_system_errno(db);
        sqlite3_close(db);
        *out = NULL;
        return code;
    }
    sqlite3_extended_result_codes(db, 1);
    sqlite3_busy_timeout(db, busy_timeout_ms);
    *out = (cimg_db *)db;
    return SQLITE_OK;
}

void cimg_db_close(cimg_db *db) { sqlite3_close_v2(db_of(db)); }

int cimg_db_exec(cimg_db *db, const char *sql, cimg_error *error) {
    char *message = NULL;
    int code = sqlite3_exec(db_of(db), sql, NULL, NULL, &message);
    if (code != SQLITE_OK) cimg_fail(error, code, "%s", message ? message : sqlite3_errstr(code));
    sqlite3_free(message);
    return code;
}

int cimg_db_prepare(cimg_db *db, const char *sql, int persistent, cimg_stmt **out, cimg_error *error) {
    sqlite3_stmt *stmt = NULL;
    int code = sqlite3_prepare_v3(db_of(db), sql, -1, persistent ? SQLITE_PREPARE_PERSISTENT : 0, &stmt, NULL);
    if (code != SQLITE_OK) cimg_fail(error, code, "%s", sqlite3_errmsg(db_of(db)));
    *out = (cimg_stmt *)stmt;
    return code;
}

const char *cimg_db_message(cimg_db *db) { return sqlite3_errmsg(db_of(db)); }
int cimg_db_system_errno(cimg_db *db) { return sqlite3_system_errno(db_of(db)); }
int cimg_db_readonly(cimg_db *db) { return sqlite3_db_readonly(db_of(db), "main") == 1; }
int64_t cimg_db_last_insert_rowid(cimg_db *db) { return sqlite3_last_insert_rowid(db_of(db)); }
int cimg_db_changes(cimg_db *db) { return sqlite3_changes(db_of(db)); }

void cimg_stmt_finalize(cimg_stmt *stmt) { sqlite3_finalize(stmt_of(stmt)); }
int cimg_stmt_reset(cimg_stmt *stmt) {
    sqlite3_clear_bindings(stmt_of(stmt));
    return sqlite3_reset(stmt_of(stmt));
}
int cimg_stmt_step(cimg_stmt *stmt) { return sqlite3_step(stmt_of(stmt)); }

int cimg_stmt_bind_null(cimg_stmt *stmt, int index) { return sqlite3_bind_null(stmt_of(stmt), index); }
int cimg_stmt_bind_int64(cimg_stmt *stmt, int index, int64_t value) {
    return sqlite3_bind_int64(stmt_of(stmt), index, value);
}
int cimg_stmt_bind_double(cimg_stmt *stmt, int index, double value) {
    return sqlite3_bind_double(stmt_of(stmt), index, value);
}
int cimg_stmt_bind_text(cimg_stmt *stmt, int index, const char *text, int length) {
    return sqlite3_bind_text(stmt_of(stmt), index, text, length, SQLITE_TRANSIENT);
}
int cimg_stmt_bind_blob(cimg_stmt *stmt, int index, const void *bytes, int length) {
    return sqlite3_bind_blob(stmt_of(stmt), index, bytes, length, SQLITE_TRANSIENT);
}

int cimg_stmt_column_count(cimg_stmt *stmt) { return sqlite3_column_count(stmt_of(stmt)); }
int cimg_stmt_column_type(cimg_stmt *stmt, int index) { return sqlite3_column_type(stmt_of(stmt), index); }
int64_t cimg_stmt_column_int64(cimg_stmt *stmt, int index) { return sqlite3_column_int64(stmt_of(stmt), index); }
double cimg_stmt_column_double(cimg_stmt *stmt, int index) { return sqlite3_column_double(stmt_of(stmt), index); }
const uint8_t *cimg_stmt_column_text(cimg_stmt *stmt, int index, int *length) {
    const uint8_t *text = sqlite3_column_text(stmt_of(stmt), index);
    *length = sqlite3_column_bytes(stmt_of(stmt), index);
    return text;
}
const char *cimg_stmt_column_name(cimg_stmt *stmt, int index) { return sqlite3_column_name(stmt_of(stmt), index); }
const char *cimg_stmt_sql(cimg_stmt *stmt) { return sqlite3_sql(stmt_of(stmt)); }
