#!/usr/bin/env python3
"""Unit tests for android_device_row.py on small hand-written trees (stdlib only).

Run: python3 Scripts/catalog/test_android_device_row.py   (exit 0 when every test passes)

Each tree is a throw-away git repository made in a temporary folder, laid out as the fetch
tool lays out snapshots (MIRROR/OWNER+NAME/repo), so the whole path from product makefile
to catalog row is exercised.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import android_device_row as adr  # noqa: E402

BAROMETER = '''<?xml version="1.0" encoding="utf-8"?>
<permissions>
    <feature name="android.hardware.sensor.barometer" />
</permissions>
'''
COMPASS = '''<?xml version="1.0" encoding="utf-8"?>
<permissions>
    <feature name="android.hardware.sensor.compass" />
</permissions>
'''
LIBRARY = '''<?xml version="1.0" encoding="utf-8"?>
<permissions>
    <library name="com.acme.camera" file="/system/framework/com.acme.camera.jar" />
    <!-- <library name="com.acme.commented" file="/x.jar" /> -->
    <feature name="com.acme.hardware.lamp" />
</permissions>
'''


def make_repo(mirror, full, branch, files):
    git = os.path.join(mirror, full.replace('/', '+'), 'repo')
    work = tempfile.mkdtemp()
    try:
        for path, text in files.items():
            p = os.path.join(work, path)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, 'w', encoding='utf-8') as fh:
                fh.write(text)
        env = dict(os.environ, GIT_AUTHOR_NAME='t', GIT_AUTHOR_EMAIL='t@t', GIT_COMMITTER_NAME='t',
                   GIT_COMMITTER_EMAIL='t@t')
        run = lambda *a: subprocess.run(['git'] + list(a), cwd=work, env=env, check=True,
                                        capture_output=True)
        run('init', '-q', '-b', branch)
        run('add', '-A')
        run('commit', '-q', '-m', 'fixture')
        os.makedirs(os.path.dirname(git), exist_ok=True)
        subprocess.run(['git', 'clone', '-q', '--bare', work, git], check=True, capture_output=True)
    finally:
        shutil.rmtree(work)


def world_for(device_files, board_files=None):
    """A mirror with the wiki, frameworks/native and one device tree 'acme/test' (lineage-21)."""
    mirror = tempfile.mkdtemp()
    make_repo(mirror, 'LineageOS/lineage_wiki', 'main', {
        '_data/devices/test.yml': 'codename: test\nname: Test One\nvendor: Acme\ntype: phone\n'
                                  'tree: android_device_acme_test\n'
                                  "screen: {size: 6.1, resolution: '1080 x 2400'}\n"})
    make_repo(mirror, 'LineageOS/android_frameworks_native', 'lineage-21.0', {
        'data/etc/android.hardware.sensor.barometer.xml': BAROMETER,
        'data/etc/android.hardware.sensor.compass.xml': COMPASS})
    files = dict(device_files)
    files.update(board_files or {'BoardConfig.mk': 'TARGET_ARCH := arm64\nTARGET_CPU_ABI := arm64-v8a\n'})
    make_repo(mirror, 'LineageOS/android_device_acme_test', 'lineage-21', files)
    gitdirs = [os.path.join(mirror, d, 'repo') for d in sorted(os.listdir(mirror))]
    return mirror, adr.World(gitdirs)


def row(device_files, board_files=None):
    mirror, world = world_for(device_files, board_files)
    try:
        facts, table, _ = adr.facts_from_trees(world, 'test')
        return adr.row_from_facts(facts, table), facts
    finally:
        shutil.rmtree(mirror)


class CopyFiles(unittest.TestCase):
    def test_empty_field_is_dropped_as_the_build_does(self):
        # build/make/core/Makefile reads a copy word with word-colon, i.e. $(subst :, ,WORD),
        # so "src::dest" installs src at dest (LG msm8996-common copies the barometer this way)
        self.assertEqual(adr.copy_pair('a.xml::vendor/etc/permissions/a.xml'),
                         ('a.xml', 'vendor/etc/permissions/a.xml'))
        self.assertIsNone(adr.copy_pair('a.xml'))
        self.assertIsNone(adr.copy_pair('a.xml:'))
        r, _ = row({'lineage_test.mk': (
            'PRODUCT_COPY_FILES += \\\n'
            '    frameworks/native/data/etc/android.hardware.sensor.barometer.xml::'
            '$(TARGET_COPY_OUT_VENDOR)/etc/permissions/android.hardware.sensor.barometer.xml\n')})
        self.assertIn('android.hardware.sensor.barometer', r['features'])

    def test_first_destination_wins(self):
        self.assertEqual(adr.unique_copy_pairs(['a.xml:etc/permissions/x.xml', 'b.xml:etc/permissions/x.xml',
                                                'c.xml::etc/permissions/x.xml']),
                         [('a.xml', 'etc/permissions/x.xml')])
        r, _ = row({'lineage_test.mk': (
            'PRODUCT_COPY_FILES += frameworks/native/data/etc/android.hardware.sensor.compass.xml:'
            'vendor/etc/permissions/sensor.xml\n'
            'PRODUCT_COPY_FILES += frameworks/native/data/etc/android.hardware.sensor.barometer.xml:'
            'vendor/etc/permissions/sensor.xml\n')})
        self.assertIn('android.hardware.sensor.compass', r['features'])
        self.assertNotIn('android.hardware.sensor.barometer', r['features'])

    def test_inherited_copies_are_spliced_where_the_inherit_call_is(self):
        # build/make/core/product.mk + node_fns.mk: inherit-product appends @inherit:FILE to each
        # product variable at the point of the call; the import expands it there
        common = ('PRODUCT_COPY_FILES += frameworks/native/data/etc/android.hardware.sensor.barometer.xml:'
                  'vendor/etc/permissions/sensor.xml\n')
        own = ('PRODUCT_COPY_FILES += frameworks/native/data/etc/android.hardware.sensor.compass.xml:'
               'vendor/etc/permissions/sensor.xml\n')
        inherit = '$(call inherit-product, device/acme/test/common.mk)\n'
        r, _ = row({'lineage_test.mk': inherit + own, 'common.mk': common})
        self.assertEqual(r['features'], ['android.hardware.sensor.barometer'])
        r, _ = row({'lineage_test.mk': own + inherit, 'common.mk': common})
        self.assertEqual(r['features'], ['android.hardware.sensor.compass'])

    def test_an_include_pattern_includes_every_matching_file(self):
        # Sony blue-common trees (hayabusa, mint, tsubasa): include $(LOCAL_PATH)/product/*.mk
        r, _ = row({'lineage_test.mk': 'LOCAL_PATH := device/acme/test\ninclude $(LOCAL_PATH)/product/*.mk\n',
                    'product/a.mk': 'PRODUCT_COPY_FILES += frameworks/native/data/etc/'
                                    'android.hardware.sensor.barometer.xml:vendor/etc/permissions/b.xml\n',
                    'product/b.mk': 'PRODUCT_COPY_FILES += frameworks/native/data/etc/'
                                    'android.hardware.sensor.compass.xml:vendor/etc/permissions/c.xml\n'})
        self.assertEqual(r['features'], ['android.hardware.sensor.barometer', 'android.hardware.sensor.compass'])
        self.assertEqual(r['missing'], [])

    def test_libraries_of_copied_permission_files(self):
        r, _ = row({'lineage_test.mk': 'PRODUCT_COPY_FILES += device/acme/test/acme.xml:'
                                       '$(TARGET_COPY_OUT_SYSTEM)/etc/permissions/acme.xml\n',
                    'acme.xml': LIBRARY})
        self.assertEqual(r['libraries'], ['com.acme.camera'])
        self.assertIn('com.acme.hardware.lamp', r['features'])


class Properties(unittest.TestCase):
    BOARD = ('TARGET_ARCH := arm64\nTARGET_CPU_ABI := arm64-v8a\nTARGET_2ND_ARCH := arm\n'
             'TARGET_2ND_CPU_ABI := armeabi-v7a\nTARGET_2ND_CPU_ABI2 := armeabi\n'
             'TARGET_SYSTEM_PROP += device/acme/test/system.prop\nTARGET_VENDOR_PROP += device/acme/test/vendor.prop\n')

    def test_later_partition_wins_not_the_last_read(self):
        # marlin: system.prop says 196609, PRODUCT_PROPERTY_OVERRIDES (vendor build.prop) 196610
        r, facts = row({'lineage_test.mk': ('PRODUCT_SHIPPING_API_LEVEL := 28\n'
                                            'PRODUCT_PROPERTY_OVERRIDES += ro.opengles.version=196610\n'),
                        'system.prop': 'ro.opengles.version=196609\n'},
                       {'BoardConfig.mk': self.BOARD})
        self.assertEqual(r['glEsVersion'], '0x00030002')
        self.assertIn('vendor partition', r['glEsBasis'])
        # the evidence lists the props in init's order: a last-one-wins reader agrees
        props = [f[1] for f in facts if f[0] == 'prop' and f[1].startswith('ro.opengles')]
        self.assertEqual(props[-1], 'ro.opengles.version=196610')

    def test_vendor_prop_file_loses_to_a_product_partition_value(self):
        r, _ = row({'lineage_test.mk': ('PRODUCT_SHIPPING_API_LEVEL := 30\n'
                                        'PRODUCT_PRODUCT_PROPERTIES += ro.sf.lcd_density=420\n'),
                    'vendor.prop': 'ro.sf.lcd_density=480\nro.opengles.version=196610\n'},
                   {'BoardConfig.mk': self.BOARD})
        self.assertEqual(r['density'], 420)

    def test_within_one_partition_the_later_wins_and_optional_loses(self):
        self.assertEqual(adr.resolve_props([('k', '1', 'vendor', False), ('k', '2', 'vendor', False)]), {'k': 1})
        self.assertEqual(adr.resolve_props([('k', '1', 'vendor', False), ('k', '2', 'vendor', True)]), {'k': 0})
        self.assertEqual(adr.resolve_props([('k', '1', 'product', False), ('k', '2', 'vendor', False)]), {'k': 0})
        self.assertEqual(adr.resolve_props([('k', '1', 'system', False), ('k', '2', 'system_ext', False),
                                            ('k', '3', 'odm', False), ('k', '4', 'vendor', False)]), {'k': 2})

    def test_without_treble_split_overrides_go_to_system_after_the_prop_file(self):
        r, _ = row({'lineage_test.mk': 'PRODUCT_PROPERTY_OVERRIDES += ro.opengles.version=196610\n',
                    'system.prop': 'ro.opengles.version=196609\n'},
                   {'BoardConfig.mk': self.BOARD})
        self.assertEqual(r['glEsVersion'], '0x00030002')
        self.assertIn('system partition', r['glEsBasis'])


class Board(unittest.TestCase):
    def test_abis_in_abilist_order(self):
        r, _ = row({'lineage_test.mk': ('$(call inherit-product, device/acme/test/core_64_bit.mk)\n'),
                    'core_64_bit.mk': 'TARGET_SUPPORTS_32_BIT_APPS := true\nTARGET_SUPPORTS_64_BIT_APPS := true\n'},
                   {'BoardConfig.mk': Properties.BOARD})
        self.assertEqual(r['abis'], ['arm64-v8a', 'armeabi-v7a', 'armeabi'])

    def test_64_bit_only(self):
        r, _ = row({'lineage_test.mk': 'TARGET_SUPPORTS_32_BIT_APPS := false\nTARGET_SUPPORTS_64_BIT_APPS := true\n'},
                   {'BoardConfig.mk': Properties.BOARD})
        self.assertEqual(r['abis'], ['arm64-v8a'])

    def test_gles_rule_from_the_gpu_when_no_property_says(self):
        r, _ = row({'lineage_test.mk': ''},
                   {'BoardConfig.mk': 'TARGET_ARCH := arm64\nTARGET_CPU_ABI := arm64-v8a\n'
                                      'TARGET_BOARD_PLATFORM := kona\n'})
        self.assertEqual(r['glEsVersion'], '0x00030002')
        self.assertTrue(r['glEsBasis'].startswith('rule: TARGET_BOARD_PLATFORM=kona is Adreno 650'))
        r, _ = row({'lineage_test.mk': ''},
                   {'BoardConfig.mk': 'TARGET_BOARD_PLATFORM := msm8917\nTARGET_CPU_ABI := armeabi-v7a\n'})
        self.assertEqual(r['glEsVersion'], '0x00030000')
        r, _ = row({'lineage_test.mk': ''}, {'BoardConfig.mk': 'TARGET_BOARD_PLATFORM := gs101\n'})
        self.assertIsNone(r['glEsVersion'])   # no sourced rule for Mali: unknown, not guessed


class Missing(unittest.TestCase):
    def test_missing_parts_make_a_row_partial(self):
        r, _ = row({'lineage_test.mk': ('$(call inherit-product, vendor/nxp/nfc/nfc.mk)\n'
                                        '$(call inherit-product-if-exists, vendor/extra/product.mk)\n')})
        self.assertEqual(r['confidence'], 'partial')
        self.assertEqual(r['missing'], ['vendor/nxp/nfc (no snapshot)'])

    def test_nothing_missing_is_complete(self):
        r, _ = row({'lineage_test.mk': ''})
        self.assertEqual((r['confidence'], r['missing']), ('complete', []))


class WikiTree(unittest.TestCase):
    def test_a_wiki_tree_without_the_product_falls_back_to_the_codenames_own_tree(self):
        # lineage_wiki sirius.yml (Xperia Z2) says tree: android_device_sony_z3, which holds only
        # lineage_z3.mk; LineageOS/android_device_sony_sirius holds lineage_sirius.mk
        mirror = tempfile.mkdtemp()
        try:
            make_repo(mirror, 'LineageOS/lineage_wiki', 'main', {
                '_data/devices/two.yml': 'codename: two\nname: Two\nvendor: Acme\nvendor_short: acme\n'
                                         'type: phone\ntree: android_device_acme_one\n'})
            make_repo(mirror, 'LineageOS/android_frameworks_native', 'lineage-21.0', {
                'data/etc/android.hardware.sensor.compass.xml': COMPASS})
            board = 'TARGET_ARCH := arm64\nTARGET_CPU_ABI := arm64-v8a\n'
            make_repo(mirror, 'LineageOS/android_device_acme_one', 'lineage-21', {
                'lineage_one.mk': '', 'BoardConfig.mk': board})
            make_repo(mirror, 'LineageOS/android_device_acme_two', 'lineage-21', {
                'lineage_two.mk': 'PRODUCT_COPY_FILES += frameworks/native/data/etc/'
                                  'android.hardware.sensor.compass.xml:vendor/etc/permissions/c.xml\n',
                'BoardConfig.mk': board})
            world = adr.World([os.path.join(mirror, d, 'repo') for d in sorted(os.listdir(mirror))])
            went = adr.wiki_entries(world.repos['lineage_wiki'], 'two')[1][0]
            self.assertEqual(adr.device_tree(world, went, 'two').full, 'LineageOS/android_device_acme_two')
            facts, table, _ = adr.facts_from_trees(world, 'two')
            self.assertEqual(adr.row_from_facts(facts, table)['features'], ['android.hardware.sensor.compass'])
            # a wiki tree that holds the product makefile is kept
            went = dict(went, tree='android_device_acme_two')
            self.assertEqual(adr.device_tree(world, went, 'two').full, 'LineageOS/android_device_acme_two')
        finally:
            shutil.rmtree(mirror)


if __name__ == '__main__':
    unittest.main()
