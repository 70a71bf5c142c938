# Hand-made for capcheck (REUSE.toml: the project default, Apache-2.0).
"""A python-dbusmock template of ModemManager (hand-made for capcheck's tests).

Debian 12's python-dbusmock 0.28 ships no ModemManager template. The names below are
ModemManager's D-Bus API as its documentation and introspection XML give them
(introspection/org.freedesktop.ModemManager1*.xml, "ModemManager D-Bus Reference
Manual"): the service org.freedesktop.ModemManager1 at /org/freedesktop/ModemManager1 is an
org.freedesktop.DBus.ObjectManager; each modem is /org/freedesktop/ModemManager1/Modem/N
with org.freedesktop.ModemManager1.Modem (Device, Manufacturer, Model, SignalQuality (ub),
AccessTechnologies u), and, when it has them, ...Modem.Messaging and ...Modem.Location
(Capabilities u: MMModemLocationSource bits). Only the properties capcheck reads are made.

Parameters (-p JSON): {"modems": [{"device": "/sys/devices/...", "messaging": true,
"location": 4, "signal": 71, "access": 16384}]}; "location" absent means no Location
interface.
"""

import dbus

from dbusmock import mockobject

BUS_NAME = 'org.freedesktop.ModemManager1'
MAIN_OBJ = '/org/freedesktop/ModemManager1'
MAIN_IFACE = 'org.freedesktop.ModemManager1'
SYSTEM_BUS = True
IS_OBJECT_MANAGER = True

MODEM_IFACE = 'org.freedesktop.ModemManager1.Modem'
MESSAGING_IFACE = 'org.freedesktop.ModemManager1.Modem.Messaging'
LOCATION_IFACE = 'org.freedesktop.ModemManager1.Modem.Location'


def load(mock, parameters):
    mock.AddProperties(MAIN_IFACE, {'Version': '1.20.4'})
    for index, modem in enumerate(parameters.get('modems', [])):
        path = f'{MAIN_OBJ}/Modem/{index}'
        mock.AddObject(path, MODEM_IFACE, {
            'Device': dbus.String(modem.get('device', '/sys/devices/virtual/mock-modem')),
            'Manufacturer': dbus.String(modem.get('manufacturer', 'Mock')),
            'Model': dbus.String(modem.get('model', 'Mock LTE')),
            'SignalQuality': dbus.Struct((dbus.UInt32(modem.get('signal', 0)), True),
                                         signature='ub'),
            'AccessTechnologies': dbus.UInt32(modem.get('access', 0)),
        }, [])
        target = mockobject.objects[path]
        if modem.get('messaging'):
            target.AddProperties(MESSAGING_IFACE, {
                'Messages': dbus.Array([], signature='o'),
                'SupportedStorages': dbus.Array([dbus.UInt32(2)], signature='u'),
                'DefaultStorage': dbus.UInt32(2),
            })
        if 'location' in modem:
            target.AddProperties(LOCATION_IFACE, {
                'Capabilities': dbus.UInt32(modem['location']),
                'Enabled': dbus.UInt32(0),
                'SignalsLocation': False,
            })
