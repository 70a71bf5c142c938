#ifndef CAPCHECK_CXML2_SHIM_H
#define CAPCHECK_CXML2_SHIM_H
/* libxml2's push parser and SAX2 interface, used only by CapabilityXML.
 *
 * Debian builds libxml2 with ICU, so <libxml/encoding.h> would include the system's
 * <unicode/ucnv.h>; Foundation carries its own ICU headers, and a Swift module that sees both
 * fails to build ('UErrorCode' has different definitions). The ICU part of encoding.h is
 * only two pointer fields of xmlCharEncodingHandler, a struct capcheck never touches, so the
 * switch is turned off before the other headers are read. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
