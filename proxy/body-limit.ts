/**
 * data-api 8 puts answers at about 16 to 40 KB (the OpenAPI description is larger);
 * anything past this is not the Data API and is not held in memory. The
 * upstream reader, the stored-answer decoder and the MAX_BUFFERED_BYTES
 * setting's lower bound all read it from here.
 */
export const MAX_UPSTREAM_BODY_BYTES = 8 * 1024 * 1024;
