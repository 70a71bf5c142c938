#ifndef CAPCHECK_CXML2_SHIM_H
#define CAPCHECK_CXML2_SHIM_H
/* The part of libxml2's ABI that CapabilityXML uses: the SAX2 handler record, the structured
 * error record and the signatures of the nine functions it calls. capcheck does not link
 * libxml2; CapabilityXML opens libxml2.so.2 with dlopen(3) the first time a command reads XML,
 * so that `list`, `--version` and every command without XML never map it (nor the ICU
 * libraries Debian's libxml2 links).
 *
 * The layouts are those of libxml2 2.x (stable since 2.6, 2004): `capcheck_xml_sax_handler`
 * is `xmlSAXHandler` (26 SAX1 callbacks, `initialized`, `_private`, then the three SAX2
 * callbacks); `capcheck_xml_error` is `xmlError`. Callback slots capcheck leaves empty are
 * declared as plain pointers. Written from libxml2's documented API, not copied from its
 * headers. */
#include <stddef.h>

typedef unsigned char capcheck_xml_char;
struct capcheck_xml_error;

/* xmlSAXHandler. */
typedef struct capcheck_xml_sax_handler {
    void *sax1_before_characters[17]; /* internalSubset … reference */
    void (*characters)(void *ctx, const capcheck_xml_char *ch, int len);
    void (*ignorableWhitespace)(void *ctx, const capcheck_xml_char *ch, int len);
    void *sax1_between[6]; /* processingInstruction … getParameterEntity */
    void (*cdataBlock)(void *ctx, const capcheck_xml_char *value, int len);
    void *externalSubset;
    unsigned int initialized;
    void *private_data;
    void (*startElementNs)(void *ctx, const capcheck_xml_char *localname,
                           const capcheck_xml_char *prefix, const capcheck_xml_char *uri,
                           int nb_namespaces, const capcheck_xml_char **namespaces,
                           int nb_attributes, int nb_defaulted,
                           const capcheck_xml_char **attributes);
    void (*endElementNs)(void *ctx, const capcheck_xml_char *localname,
                         const capcheck_xml_char *prefix, const capcheck_xml_char *uri);
    void (*serror)(void *userData, const struct capcheck_xml_error *error);
} capcheck_xml_sax_handler;

/* xmlError. */
typedef struct capcheck_xml_error {
    int domain;
    int code;
    char *message;
    int level;
    char *file;
    int line;
    char *str1;
    char *str2;
    char *str3;
    int int1;
    int int2;
    void *ctxt;
    void *node;
} capcheck_xml_error;

/* The magic number that marks a handler as SAX2 (XML_SAX2_MAGIC). */
#define CAPCHECK_XML_SAX2_MAGIC 0xDEEDBEAFu
/* xmlParserOption values. */
#define CAPCHECK_XML_PARSE_NONET (1 << 11)
#define CAPCHECK_XML_PARSE_IGNORE_ENC (1 << 21)
/* xmlParserErrors: XML_ERR_NO_MEMORY. */
#define CAPCHECK_XML_ERR_NO_MEMORY 2

/* The functions, as pointer types for dlsym(3). The parser context is opaque. */
typedef void (*capcheck_xmlInitParser)(void);
typedef void *(*capcheck_xmlCreatePushParserCtxt)(capcheck_xml_sax_handler *sax, void *user_data,
                                                  const char *chunk, int size,
                                                  const char *filename);
typedef int (*capcheck_xmlCtxtUseOptions)(void *ctxt, int options);
typedef int (*capcheck_xmlParseChunk)(void *ctxt, const char *chunk, int size, int terminate);
typedef void (*capcheck_xmlStopParser)(void *ctxt);
typedef void (*capcheck_xmlFreeParserCtxt)(void *ctxt);
typedef int (*capcheck_xmlSAX2GetLineNumber)(void *ctx);
typedef int (*capcheck_xmlSAX2GetColumnNumber)(void *ctx);
typedef const capcheck_xml_error *(*capcheck_xmlCtxtGetLastError)(void *ctx);
#endif
