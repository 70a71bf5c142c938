#ifndef CAPCHECK_CPCI_SHIM_H
#define CAPCHECK_CPCI_SHIM_H
#include <pci/pci.h>
#include <stddef.h>

/* pci_lookup_name is variadic, which Swift cannot call: one non-variadic shim per use.
 * PCI_LOOKUP_NO_NUMBERS: NULL for an id libpci cannot name, not "Vendor 1234". */
static inline const char *capcheck_pci_vendor_name(struct pci_access *a, char *buf, size_t size,
                                                   unsigned int vendor) {
    return pci_lookup_name(a, buf, (int)size, PCI_LOOKUP_VENDOR | PCI_LOOKUP_NO_NUMBERS, vendor);
}

static inline const char *capcheck_pci_device_name(struct pci_access *a, char *buf, size_t size,
                                                   unsigned int vendor, unsigned int device) {
    return pci_lookup_name(a, buf, (int)size, PCI_LOOKUP_DEVICE | PCI_LOOKUP_NO_NUMBERS, vendor, device);
}

static inline const char *capcheck_pci_class_name(struct pci_access *a, char *buf, size_t size,
                                                  unsigned int cls) {
    return pci_lookup_name(a, buf, (int)size, PCI_LOOKUP_CLASS, cls);
}
#endif
