#ifndef CAPCHECK_CYAML_SHIM_H
#define CAPCHECK_CYAML_SHIM_H
/* libyaml's event parser (yaml_parser_parse), used only by CapabilityYAML. */
#include <yaml.h>
#endif
