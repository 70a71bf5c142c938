#ifndef CAPCHECK_CXML2_SHIM_H
#define CAPCHECK_CXML2_SHIM_H
/* libxml2's push parser and SAX2 interface, used only by CapabilityXML. */
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
