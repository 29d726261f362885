/**
 * The document's name row ($1 api key, $2 organization, $3 document; no row when it does not exist), for
 * another module's write statement that checks the document and names it in the same round trip.
 */
export const DOCUMENT_NAME_SQL = 'SELECT name FROM document WHERE api_key_id = $1 AND organization_id = $2 AND id = $3';
